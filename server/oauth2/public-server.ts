/**
 * The public listener: oidc-provider's own request handler on a plain Node server. Requests
 * arrive under the issuer's path (`/.ory/oauth2/auth`…, as the gateway forwards them), which is
 * stripped the way an Express mount would, so the provider builds every URL under it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type Provider from 'oidc-provider';

export function publicServer(provider: Provider, issuer: string): Server {
  const mount = new URL(issuer).pathname.replace(/\/+$/, '');
  const handle = provider.callback();
  return createServer((request: IncomingMessage & { originalUrl?: string }, response) => {
    const url = request.url ?? '/';
    if (mount && (url === mount || url.startsWith(`${mount}/`) || url.startsWith(`${mount}?`))) {
      request.originalUrl = url;
      request.url = url.slice(mount.length) || '/';
    }
    void handle(request, response);
  });
}
