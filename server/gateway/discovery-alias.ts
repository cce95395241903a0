/**
 * `GET /.well-known/openid-configuration` at the origin's root. The issuer is
 * `<origin>/.ory`, so OpenID Connect Discovery finds the document under `/.ory`; some clients
 * are given only the site's address and look at the root. They get the same document, which
 * names the real issuer, so a strict client still checks it against what it was configured with.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';
import type { Upstream } from './upstream.js';
import { IdentityUrlRewriter } from './url-rewrite.js';

const PATH = '/.well-known/openid-configuration';

export async function discoveryAlias(app: FastifyInstance, options: { upstream: Upstream; publicOrigin: string }): Promise<void> {
  const { upstream, publicOrigin } = options;
  app.get(PATH, async (request, reply) => {
    if (!upstream.url) throw upstream.missing();
    const url = new URL(publicOrigin);
    const response = await upstream.request({
      method: 'GET',
      path: PATH,
      headers: { accept: 'application/json', 'x-forwarded-host': url.host, 'x-forwarded-proto': url.protocol.slice(0, -1), 'x-request-id': request.id },
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new HttpError(response.statusCode === 404 ? 404 : 502, 'The OAuth2 provider has no discovery document');
    const document = new IdentityUrlRewriter(upstream.url, publicOrigin).json(JSON.parse(text));
    reply.header('cache-control', 'public, max-age=300');
    return document;
  });
}
