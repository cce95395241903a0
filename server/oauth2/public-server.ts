/**
 * The public listener: oidc-provider's own request handler on a plain Node server. Requests
 * arrive under the issuer's path (`/.ory/oauth2/auth`…, as the gateway forwards them), which is
 * stripped the way an Express mount would, so the provider builds every URL under it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { frontChannelPage, pageLocale } from './front-channel-page.js';
import type { LogoutRequests } from './logout.js';
import type { ProviderHost } from './provider-host.js';

export function publicServer(host: ProviderHost, issuer: string, logout: LogoutRequests): Server {
  const mount = new URL(issuer).pathname.replace(/\/+$/, '');
  return createServer((request: IncomingMessage & { originalUrl?: string }, response) => {
    const url = request.url ?? '/';
    if (mount && (url === mount || url.startsWith(`${mount}/`) || url.startsWith(`${mount}?`))) {
      request.originalUrl = url;
      request.url = url.slice(mount.length) || '/';
    }
    const parsed = new URL(request.url ?? '/', 'http://provider');
    const verifier = parsed.searchParams.get('logout_verifier');
    // An accepted logout request comes back here (Hydra's redirect_to), not to oidc-provider.
    if (request.method === 'GET' && parsed.pathname === '/oauth2/sessions/logout' && verifier) {
      void finishLogout(logout, verifier, request.headers['accept-language'], response);
      return;
    }
    void host.handle(request, response);
  });
}

async function finishLogout(logout: LogoutRequests, verifier: string, acceptLanguage: string | undefined, response: ServerResponse): Promise<void> {
  try {
    const end = await logout.finish(verifier);
    if (!end) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_request', error_description: 'The logout verifier is unknown or was used' }));
    } else if (end.frontChannel.length > 0) {
      const page = await frontChannelPage(end.location, end.frontChannel, pageLocale(acceptLanguage));
      response.writeHead(200, page.headers).end(page.body);
    } else {
      response.writeHead(303, { location: end.location, 'cache-control': 'no-store' }).end();
    }
  } catch {
    response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'server_error', error_description: 'The logout could not be completed' }));
  }
}
