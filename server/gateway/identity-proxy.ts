/**
 * `/.ory/*` → the identity host's public API, with @fastify/http-proxy. Only public paths pass
 * (identity-paths.ts); client identity headers are stripped; answers are rewritten to the
 * gateway origin (url-rewrite.ts); self-service submissions are rate limited per client
 * address, failed OAuth2 client authentications throttled (client-auth-throttle.ts); logout
 * and re-authentication evict the caller's cached session.
 */
import type { IncomingHttpHeaders } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorEnvelope } from '../../shared/error-envelope.js';
import type { ClientAuthFailures } from './client-auth-failures.js';
import { throttleClientAuthentication } from './client-auth-throttle.js';
import { readCredential } from './credentials.js';
import type { Evictions } from './evictions.js';
import { HttpError } from './http-error.js';
import { endsOrChangesSession, isPublicIdentityPath, isSelfServiceSubmit } from './identity-paths.js';
import { isHopByHop, isIdentityHeader } from './identity-headers.js';
import type { GatewayMetrics } from './metrics.js';
import { canonicalPath } from './path-guard.js';
import type { Upstream } from './upstream.js';
import { IdentityUrlRewriter } from './url-rewrite.js';

export interface IdentityProxyOptions {
  identity: Upstream;
  /** The OAuth2 provider's public API; unset → its paths go to the identity host (Ory Network serves both). */
  oauth2?: Upstream;
  publicOrigin: string;
  cookieName: string;
  submitsPerMinute: number;
  clientAuthFailures: ClientAuthFailures;
  timeoutMs: number;
  evictions: Evictions;
  metrics: GatewayMetrics;
}

const PREFIX = '/.ory';
/** Identity answers are small documents; anything bigger is not rewritten but streamed. */
const MAX_REWRITTEN_BODY = 4 * 1024 * 1024;

export async function identityProxy(app: FastifyInstance, options: IdentityProxyOptions): Promise<void> {
  const { identity } = options;
  if (!identity.url) {
    app.all(`${PREFIX}/*`, async () => {
      throw identity.missing();
    });
    return;
  }
  const rewriter = new IdentityUrlRewriter(identity.url, options.publicOrigin);
  const upstreamPath = (request: FastifyRequest) => canonicalPath(request.url.slice(PREFIX.length));

  app.addHook('onRequest', async (request) => {
    const path = upstreamPath(request);
    if (!path || !isPublicIdentityPath(path)) {
      throw new HttpError(404, `No identity endpoint ${request.method} ${request.url.split('?')[0]}`);
    }
  });

  await app.register(rateLimit, {
    global: true,
    max: options.submitsPerMinute,
    timeWindow: 60_000,
    allowList: (request) => !isSelfServiceSubmit(request.method, upstreamPath(request) ?? ''),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many sign-in and account submissions from this address: retry in ${Math.ceil(context.ttl / 1000)} s`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  // Whichever upstream serves the OAuth2 paths, the provider or the identity host.
  throttleClientAuthentication(app, { failures: options.clientAuthFailures, upstreamPath });

  await forward(app, { upstream: identity, prefix: PREFIX, path: '', rewriter, options, metric: 'identity', label: 'identity service' });
  const oauth2 = options.oauth2;
  if (oauth2?.url) {
    // More specific than `/.ory/*`, so the router sends these to the provider.
    const oauth2Rewriter = new IdentityUrlRewriter(oauth2.url, options.publicOrigin);
    for (const path of OAUTH2_PREFIXES) {
      await forward(app, { upstream: oauth2, prefix: `${PREFIX}${path}`, path, rewriter: oauth2Rewriter, options, metric: 'oauth2', label: 'OAuth2 provider' });
    }
  }

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400) return;
    const path = upstreamPath(request);
    if (!path) return;
    evictAfter(request.method, path, request.headers, options);
  });
}

/** The OAuth2 provider's public paths (Hydra's), each with everything below it. */
const OAUTH2_PREFIXES = ['/oauth2', '/userinfo', '/.well-known/openid-configuration', '/.well-known/jwks.json'] as const;

interface Forwarding {
  upstream: Upstream;
  /** Where the gateway takes the requests. */
  prefix: string;
  /** The same path on the upstream, below its base path. */
  path: string;
  rewriter: IdentityUrlRewriter;
  options: IdentityProxyOptions;
  metric: 'identity' | 'oauth2';
  /** How logs and errors name the upstream. */
  label: string;
}

async function forward(app: FastifyInstance, { upstream, prefix, path, rewriter, options, metric, label }: Forwarding): Promise<void> {
  const origin = new URL(upstream.url!);
  await app.register(httpProxy, {
    upstream: origin.origin,
    prefix,
    rewritePrefix: `${upstream.basePath}${path}`,
    undici: {
      connections: 64,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    },
    replyOptions: {
      retryDelay: () => null,
      rewriteRequestHeaders: (request, headers) => upstreamRequestHeaders(request, headers, options.publicOrigin),
      rewriteHeaders: (headers) => rewriteResponseHeaders(headers, rewriter),
      onResponse: (request, reply, response) => {
        // An answer that breaks off mid-stream must end this request, not become an unhandled rejection.
        sendRewritten(reply, response as unknown as ProxiedResponse, rewriter).catch((error: unknown) => {
          request.log.warn({ err: error }, `the ${label} broke off its answer`);
          if (!reply.sent) reply.code(502).send(errorEnvelope(502, `The ${label} broke off its answer`));
        });
      },
      onError: (reply, { error }) => {
        const translated = upstream.translate(error.cause ?? error);
        options.metrics.upstreamError(metric, translated.statusCode === 504 ? 'timeout' : 'unreachable');
        reply.code(translated.statusCode).send(errorEnvelope(translated.statusCode, translated.reason));
      },
    },
  });
}

function evictAfter(method: string, path: string, headers: IncomingHttpHeaders, options: IdentityProxyOptions): void {
  const credential = readCredential(headers, options.cookieName);
  if (endsOrChangesSession(method, path)) {
    if (credential) options.evictions.emit({ type: 'credential', hash: credential.hash });
    return;
  }
  if (method !== 'DELETE' || !path.startsWith('/sessions')) return;
  const sessionId = path.slice('/sessions/'.length);
  if (sessionId) {
    options.evictions.emit({ type: 'session', sessionId });
  } else if (credential) {
    // DELETE /sessions revokes every other session of the caller.
    options.evictions.revokeOtherSessions(credential.hash);
  }
}

function upstreamRequestHeaders(request: { ip: string; id: string }, headers: IncomingHttpHeaders, publicOrigin: string): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isIdentityHeader(name) && !isHopByHop(name)) out[name] = value;
  }
  const url = new URL(publicOrigin);
  out['x-forwarded-host'] = url.host;
  out['x-forwarded-proto'] = url.protocol.slice(0, -1);
  out['x-forwarded-for'] = request.ip;
  out['x-request-id'] = request.id;
  return out;
}

function rewriteResponseHeaders(headers: IncomingHttpHeaders, rewriter: IdentityUrlRewriter): IncomingHttpHeaders {
  if (typeof headers.location === 'string') headers.location = rewriter.url(headers.location);
  // One cookie arrives as a string, several as an array (undici keeps what the upstream sent).
  const cookies: unknown = headers['set-cookie'];
  if (typeof cookies === 'string') headers['set-cookie'] = [rewriter.setCookie(cookies)];
  else if (Array.isArray(cookies)) headers['set-cookie'] = cookies.map((cookie: string) => rewriter.setCookie(cookie));
  return headers;
}

/** The part of a reply used here (reply-from hands over a reply typed for http/2 as well). */
interface ReplyLike {
  send(payload: unknown): unknown;
  code(statusCode: number): ReplyLike;
  removeHeader(name: string): unknown;
}

interface ProxiedResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: NodeJS.ReadableStream & { destroy(error?: Error): void };
}

async function sendRewritten(reply: ReplyLike, response: ProxiedResponse, rewriter: IdentityUrlRewriter): Promise<void> {
  const type = String(response.headers['content-type'] ?? '');
  const length = Number(response.headers['content-length'] ?? 0);
  if (!type.includes('json') || length > MAX_REWRITTEN_BODY) {
    reply.send(response.stream);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_REWRITTEN_BODY) {
      response.stream.destroy();
      reply.code(502).send(errorEnvelope(502, 'The identity service sent an oversized answer'));
      return;
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let body: string;
  try {
    body = JSON.stringify(rewriter.json(JSON.parse(text)));
  } catch {
    body = text;
  }
  reply.removeHeader('content-length');
  reply.send(body);
}
