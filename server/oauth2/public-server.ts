/**
 * The public listener: oidc-provider's own request handler on a plain Node server. Requests
 * arrive under the issuer's path (`/.ory/oauth2/auth`…, as the gateway forwards them), which is
 * stripped the way an Express mount would, so the provider builds every URL under it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { frontChannelPage } from './pages/front-channel-page.js';
import type { LogoutRequests } from './logout.js';
import { redirectLogoutPost } from './logout-by-post.js';
import type { OAuth2ServiceOptions } from './options.js';
import { pageLocale } from './pages/own-pages.js';
import type { ProviderHost } from './provider-host.js';
import { HYDRA_ROUTES } from './provider.js';
import { resumeGate } from './resume/resume-gate.js';
import type { ResumeVerifiers } from './resume/resume-verifiers.js';
import type { SettingsSource } from '../platform/project-settings.js';

/** oidc-provider's resume route: `${authorization}/:uid`. */
const RESUME_PATH = /^\/oauth2\/auth\/([A-Za-z0-9_-]+)$/;

export function publicServer(
  host: ProviderHost,
  options: Pick<OAuth2ServiceOptions, 'issuer' | 'uiUrl'>,
  logout: LogoutRequests,
  verifiers: ResumeVerifiers,
  settings: Pick<SettingsSource<unknown>, 'fresh'>,
): Server {
  const mount = new URL(options.issuer).pathname.replace(/\/+$/, '');
  const mayResume = resumeGate(verifiers, options);
  const route = (request: IncomingMessage & { originalUrl?: string }, response: ServerResponse) => {
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
    if (request.method === 'POST' && parsed.pathname === HYDRA_ROUTES.end_session) {
      // Fails only when the client broke off its request: there is no one left to answer.
      redirectLogoutPost(request, response, `${options.issuer}${HYDRA_ROUTES.end_session}`).catch(() => response.destroy());
      return;
    }
    const resume = RESUME_PATH.exec(parsed.pathname);
    if (resume) {
      void mayResume(resume[1]!, parsed.searchParams, request, response).then((allowed) => {
        if (allowed) return host.handle(request, response);
      });
      return;
    }
    void host.handle(request, response);
  };
  // A change saved on another instance is read before this request is answered.
  return createServer((request, response) => void settings.fresh().then(() => route(request, response)));
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
