/**
 * Security headers for everything the gateway answers. The CSP allows no inline or foreign
 * script: the client's bundle and the identity host's passkey script are both served from this
 * origin. Images may be data: URIs (TOTP QR codes).
 *
 * The header set does not depend on the request, so helmet computes it once at start; the
 * per-request work is one assignment (@fastify/helmet rebuilt its middlewares on every
 * request, a quarter of the gateway's CPU under load).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export function securityHeaderSet(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * API answers are JSON a browser never renders: they get the short set recommended for REST
 * APIs (no framing, no sniffing, no referrer, nothing loads), not the document policy, which is
 * ten times longer and was a measurable share of the cost of an API response.
 */
export function apiSecurityHeaderSet(secure: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export const securityHeaders = fp(async (app: FastifyInstance, options: { secure: boolean }) => {
  const document = securityHeaderSet(options.secure);
  const api = apiSecurityHeaderSet(options.secure);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : document);
    done();
  });
});
