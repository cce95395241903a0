/**
 * `/api/*` → the API host. In order: the path must be canonical and in the route policy
 * (else 404, no upstream call), the declared body must fit the route's limit (else 413), an
 * unsafe method must pass the CSRF check, the caller must have a session (401) and hold the
 * route's permissions (403). Then the request goes upstream over a keep-alive undici pool
 * with client credentials and identity headers stripped and the signed assertion added.
 * JSON bodies are checked for syntax; uploads stream through without buffering.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ASSERTION_HEADER } from '../../shared/identity-assertion.js';
import type { Authorizer, Decision } from './authorize.js';
import { parseJsonRefusingPrototypeKeys, PrototypeKeyError } from '../http/prototype-keys.js';
import { checkCsrf } from './csrf.js';
import type { Evictions } from './evictions.js';
import { HttpError } from './http-error.js';
import { isHopByHop, isIdentityHeader } from './identity-headers.js';
import type { MaybePromise } from './maybe-async.js';
import type { GatewayMetrics } from './metrics.js';
import { maskUrl } from '../logging/mask-url.js';
import { canonicalPath } from './path-guard.js';
import { limitShareReads } from './share-read-limit.js';
import type { MatchedPolicy, RoutePolicyTable } from './route-policy.js';
import type { Upstream } from './upstream.js';

export interface ApiProxyOptions {
  api: Upstream;
  policies: RoutePolicyTable;
  authorizer: Authorizer;
  evictions: Evictions;
  publicOrigin: string;
  /** Limit for JSON bodies and for routes the policy gives no limit of their own. */
  bodyLimit: number;
  /** Reads through share links per client address per minute. */
  shareReadsPerMinute: number;
  /** Where those reads are counted when several instances run (else in this instance). */
  shareReadCounter?: Redis;
  metrics: GatewayMetrics;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiRoute: MatchedPolicy | null;
    apiDecision: Decision | null;
  }
}

/** Client headers that are credentials for the gateway, never for the API. */
const CREDENTIAL_HEADERS = new Set(['cookie', 'authorization', 'x-session-token', 'x-xsrf-token']);
/** Upstream response headers that are the gateway's business, not the API's. */
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'connection', 'keep-alive', 'transfer-encoding']);

export async function apiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const { api, metrics } = options;
  const forwardedHost = new URL(options.publicOrigin).host;
  const forwardedProto = options.publicOrigin.startsWith('https:') ? 'https' : 'http';

  app.decorateRequest('apiRoute', null);
  app.decorateRequest('apiDecision', null);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: options.bodyLimit }, (_request, body, done) => {
    const buffer = body as Buffer;
    if (buffer.length > 0) {
      try {
        parseJsonRefusingPrototypeKeys(buffer.toString('utf8'));
      } catch (error) {
        const reason = error instanceof PrototypeKeyError ? error.message : `The request body is not valid JSON: ${(error as Error).message}`;
        done(new HttpError(400, reason), undefined);
        return;
      }
    }
    done(null, buffer);
  });
  // Every other body (multipart uploads, files) is streamed by the handler, not parsed here.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // Written out rather than through settle(): no closure per request on a fully cached path.
  app.addHook('onRequest', (request, _reply, done) => {
    let decision: MaybePromise<Decision>;
    try {
      const path = canonicalPath(request.url);
      const matched = path ? options.policies.match(request.method, path) : null;
      // The reason is logged: a share link's token in the path must not be.
      if (!matched) throw new HttpError(404, `No API route ${request.method} ${maskUrl(request.url.split('?')[0]!)}`);
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > limitOf(matched, options.bodyLimit)) throw tooLarge(matched, options.bodyLimit);
      // A device's upload carries no ambient credential (cookies are stripped): nothing to forge.
      if (matched.policy.scope !== 'device') checkCsrf(request.method, request.headers, options.publicOrigin);
      request.apiRoute = matched;
      decision = options.authorizer.authorize(matched, request.headers);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (decision instanceof Promise) {
      decision.then((resolved) => {
        request.apiDecision = resolved;
        done();
      }, done);
    } else {
      request.apiDecision = decision;
      done();
    }
  });

  // Once the route is known to exist (a 404 is not a read), before the handler (share-read-limit.ts).
  await limitShareReads(app, { perMinute: options.shareReadsPerMinute, redis: options.shareReadCounter });

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const matched = request.apiRoute!;
      const decision = request.apiDecision!;
      const limit = limitOf(matched, options.bodyLimit);
      const counter = Buffer.isBuffer(request.body) || !hasBody(request) ? null : new ByteLimit(limit);
      const body: Buffer | Readable | undefined = Buffer.isBuffer(request.body) ? request.body : counter ? request.raw.pipe(counter) : undefined;
      if (counter) request.raw.once('error', (error) => counter.destroy(error));

      try {
        await api.stream(
          {
            method: request.method,
            path: request.url,
            headers: upstreamHeaders(request, decision, forwardedHost, forwardedProto),
            body,
          },
          ({ statusCode, headers }) => {
            if (statusCode < 400) options.evictions.afterMutation(matched.policy, matched.params, decision.session);
            return respondRaw(reply, statusCode, headers);
          },
        );
      } catch (error) {
        const failure = counter?.exceeded ? tooLarge(matched, options.bodyLimit) : api.translate(error);
        if (failure.statusCode >= 500) metrics.upstreamError('api', failure.statusCode === 504 ? 'timeout' : 'unreachable');
        if (!reply.sent) throw failure;
        // The upstream failed after its status arrived and undici has cut the response: an
        // incomplete answer is the only honest signal left, as from any proxy.
        reply.raw.destroy();
      }
    },
  });
}

/**
 * Takes the response over from Fastify and lets undici write the upstream body straight into
 * it: no intermediate stream per request (the most expensive part of a proxied answer).
 * onResponse hooks (logs, metrics) still run when it finishes.
 */
function respondRaw(reply: FastifyReply, statusCode: number, headers: IncomingHttpHeaders): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  // One flat list into writeHead: no header map built with setHeader one name at a time.
  const list: (string | string[])[] = [];
  const own = reply.getHeaders();
  for (const name in own) {
    if (!Object.hasOwn(headers, name) || DROPPED_RESPONSE_HEADERS.has(name)) list.push(name, headerValue(own[name]!));
  }
  for (const name in headers) {
    if (!DROPPED_RESPONSE_HEADERS.has(name)) list.push(name, headers[name]!);
  }
  res.writeHead(statusCode, list as unknown as string[]);
  return res;
}

function headerValue(value: string | number | string[]): string | string[] {
  return typeof value === 'number' ? String(value) : value;
}

function upstreamHeaders(request: FastifyRequest, decision: Decision, forwardedHost: string, forwardedProto: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const headers = request.headers;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || CREDENTIAL_HEADERS.has(name) || isHopByHop(name) || isIdentityHeader(name)) continue;
    out[name] = value;
  }
  out['x-forwarded-for'] = request.ip;
  out['x-forwarded-host'] = forwardedHost;
  out['x-forwarded-proto'] = forwardedProto;
  out['x-request-id'] = request.id;
  if (decision.assertion) out[ASSERTION_HEADER] = decision.assertion;
  return out;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function limitOf(matched: MatchedPolicy, fallback: number): number {
  return matched.policy.bodyLimit ?? fallback;
}

function tooLarge(matched: MatchedPolicy, fallback: number): HttpError {
  const limit = limitOf(matched, fallback);
  return new HttpError(
    413,
    `The request body is larger than the ${formatBytes(limit)} this route accepts`,
    { limit },
    {
      connection: 'close',
    },
  );
}

function formatBytes(bytes: number): string {
  const MiB = 1024 * 1024;
  return bytes >= 1024 * MiB ? `${bytes / (1024 * MiB)} GiB` : bytes >= MiB ? `${bytes / MiB} MiB` : `${bytes} bytes`;
}

/** Passes a body through while counting it; fails the stream once it passes the limit. */
class ByteLimit extends Transform {
  exceeded = false;
  private seen = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.exceeded = true;
      callback(new Error('request body over the route limit'));
      return;
    }
    callback(null, chunk);
  }
}
