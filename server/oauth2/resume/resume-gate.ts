/**
 * The door to oidc-provider's resume route (`/oauth2/auth/{uid}`): only a browser bringing the
 * decided request's one-time verifier passes (resume-verifiers.ts), or the browser that already
 * spent it coming back once more. That second pass exists because oidc-provider, when the
 * accepted login names another account than its sign-in session, first posts the browser to its
 * logout confirmation and then returns it to the bare resume address. The browser that spent the
 * verifier gets a one-time return token in a cookie scoped to that address; nobody else has it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuth2ServiceOptions } from '../options.js';
import { resumeRefusal, type ResumeVerifiers } from './resume-verifiers.js';

const RETURN_COOKIE = 'oauth2_resume_return';
/** Long enough to confirm "sign out of the other account", short enough not to linger. */
const RETURN_SECONDS = 600;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function resumeGate(verifiers: ResumeVerifiers, options: Pick<OAuth2ServiceOptions, 'issuer' | 'uiUrl'>) {
  const issuer = new URL(options.issuer);
  const secure = issuer.protocol === 'https:' ? '; Secure' : '';
  const mount = issuer.pathname.replace(/\/+$/, '');

  /** True when the request may go on to oidc-provider; otherwise it has been answered. */
  return async (uid: string, query: URLSearchParams, request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    try {
      const path = `${mount}/oauth2/auth/${uid}`;
      if (await verifiers.spendFrom(uid, query)) {
        const token = await verifiers.issue('return', uid, RETURN_SECONDS);
        response.setHeader('set-cookie', `${RETURN_COOKIE}=${token}; Path=${path}; Max-Age=${RETURN_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
        return true;
      }
      const returning = cookieValue(request.headers.cookie, RETURN_COOKIE);
      if (returning && (await verifiers.spend('return', uid, returning))) {
        response.setHeader('set-cookie', `${RETURN_COOKIE}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
        return true;
      }
      response.writeHead(303, { location: resumeRefusal(options.uiUrl), 'cache-control': 'no-store' }).end();
    } catch {
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'server_error', error_description: 'The authorization could not be resumed' }));
    }
    return false;
  };
}
