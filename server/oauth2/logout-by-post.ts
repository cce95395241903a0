/**
 * RP-initiated logout by form POST (OpenID Connect RP-Initiated Logout 1.0 §2: the end-session
 * endpoint takes GET and POST). The POST is answered with a 303 to the same request as a GET.
 *
 * Why not hand the POST to oidc-provider: the application's page posts cross-site, so the
 * browser leaves out the provider's SameSite=Lax session cookie, and the logout request would
 * name no session to end. oidc-provider's own POST support requires SameSite=None for that
 * reason, which browsers refuse on plain http and which would expose the session cookie to
 * every cross-site request. The GET the browser follows is a top-level navigation, so it
 * carries the cookie; and anyone could already have sent the browser there with a link, so
 * answering a cross-site POST this way opens nothing new.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An ID token hint and a few short parameters; the GET built from them must still fit a request line. */
const MAX_BODY_BYTES = 8 * 1024;

export async function redirectLogoutPost(request: IncomingMessage, response: ServerResponse, endSessionUrl: string): Promise<void> {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    request.resume();
    refuse(response, 400, 'A logout request by POST must be an application/x-www-form-urlencoded form');
    return;
  }
  const body = await readLimited(request, MAX_BODY_BYTES);
  if (body === undefined) {
    refuse(response, 413, `A logout request by POST may be at most ${MAX_BODY_BYTES} bytes`);
    return;
  }
  const url = new URL(endSessionUrl);
  for (const [name, value] of new URLSearchParams(body)) url.searchParams.append(name, value);
  response.writeHead(303, { location: url.href, 'cache-control': 'no-store' }).end();
}

/** The body as text, or undefined once it grows past `limit` (the rest is left unread). */
function readLimited(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData);
      request.pause();
      resolve(undefined);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

function refuse(response: ServerResponse, status: number, description: string): void {
  // The connection closes: an oversized body is not read to its end.
  response.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ error: 'invalid_request', error_description: description }));
}
