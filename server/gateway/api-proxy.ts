/**
 * `/api/*` → the API host. In order: the path must be canonical and in the route policy
 * (else 404, no upstream call), the declared body must fit the route's limit (else 413), an
 * unsafe method must pass the CSRF check, the caller must have a session (401) and hold the
 * route's permissions (403). Then the request goes upstream over a keep-alive undici pool
 * with client credentials and identity headers stripped and the signed assertion added.
 * JSON bodies are checked for syntax; uploads stream through without buffering. Cached reads
 * take the same checks on a shorter road (api-fast-lane.ts).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/**
 * Decisions the fast lane (api-fast-lane.ts) started but could not make at once, because they
 * need an upstream call: this path awaits them instead of asking again.
 */
export const handedOver = new WeakMap<IncomingMessage, { matched: MatchedPolicy; decision: Promise<Decision> }>();

/** Client headers that are credentials for the gateway, never for the API. */
const CREDENTIAL_HEADERS = new Set(['cookie', 'authorization', 'x-session-token', 'x-xsrf-token']);
/** Upstream response headers that are the gateway's business, not the API's. */
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'connection', 'keep-alive', 'transfer-encoding']);

export async function apiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const { api, metrics } = options;
  const forwarded = forwardedOrigin(options.publicOrigin);

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
      const handed = handedOver.get(request.raw);
      if (handed) {
        request.apiRoute = handed.matched;
        decision = handed.decision;
      } else {
        const matched = admit(options, request.method, request.url, request.headers);
        request.apiRoute = matched;
        decision = options.authorizer.authorize(matched, request.headers);
      }
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
    // HEAD has the GET row's checks (route-policy.ts) and asks the API the GET: the /api contract
    // names GET routes only. Node writes no body on an answer to HEAD, so the GET's headers go out alone.
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const matched = request.apiRoute!;
      const decision = request.apiDecision!;
      const limit = limitOf(matched, options.bodyLimit);
      const counter = Buffer.isBuffer(request.body) || !hasBody(request.headers) ? null : new ByteLimit(limit);
      const body: Buffer | Readable | undefined = Buffer.isBuffer(request.body) ? request.body : counter ? request.raw.pipe(counter) : undefined;
      if (counter) request.raw.once('error', (error) => counter.destroy(error));

      try {
        await api.stream(
          {
            method: request.method === 'HEAD' ? 'GET' : request.method,
            path: request.url,
            headers: forwardHeaders(request.headers, request.ip, request.id, decision, forwarded),
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
  const own: (string | string[])[] = [];
  const set = reply.getHeaders();
  for (const name in set) own.push(name, headerValue(set[name]!));
  reply.raw.writeHead(statusCode, answerHeaders(own, headers) as unknown as string[]);
  return reply.raw;
}

function headerValue(value: string | number | string[]): string | string[] {
  return typeof value === 'number' ? String(value) : value;
}

/**
 * The checks every `/api` request passes before anything else happens to it: a canonical path
 * the route policy knows (else 404), a declared body within the route's limit (413), and the
 * CSRF check on unsafe methods. Throws the HttpError to answer; the caller then authorizes.
 */
export function admit(options: Pick<ApiProxyOptions, 'policies' | 'bodyLimit' | 'publicOrigin'>, method: string, url: string, headers: IncomingHttpHeaders): MatchedPolicy {
  const path = canonicalPath(url);
  const matched = path ? options.policies.match(method, path) : null;
  // The reason is logged: a share link's token in the path must not be.
  if (!matched) throw new HttpError(404, `No API route ${method} ${maskUrl(url.split('?')[0]!)}`);
  const declared = Number(headers['content-length'] ?? 0);
  if (declared > limitOf(matched, options.bodyLimit)) throw tooLarge(matched, options.bodyLimit);
  // A device's upload carries no ambient credential (cookies are stripped): nothing to forge.
  if (matched.policy.scope !== 'device') checkCsrf(method, headers, options.publicOrigin);
  return matched;
}

export interface ForwardedOrigin {
  host: string;
  proto: string;
}

export function forwardedOrigin(publicOrigin: string): ForwardedOrigin {
  return { host: new URL(publicOrigin).host, proto: publicOrigin.startsWith('https:') ? 'https' : 'http' };
}

/** The client's headers as the API gets them: credentials and identity claims out, the assertion in. */
export function forwardHeaders(
  headers: IncomingHttpHeaders,
  ip: string | undefined,
  requestId: string,
  decision: Decision,
  forwarded: ForwardedOrigin,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || CREDENTIAL_HEADERS.has(name) || isHopByHop(name) || isIdentityHeader(name)) continue;
    out[name] = value;
  }
  // Replaced, never passed on: the client's own X-Forwarded-For is not evidence of anything.
  if (ip === undefined) delete out['x-forwarded-for'];
  else out['x-forwarded-for'] = ip;
  out['x-forwarded-host'] = forwarded.host;
  out['x-forwarded-proto'] = forwarded.proto;
  out['x-request-id'] = requestId;
  if (decision.assertion) out[ASSERTION_HEADER] = decision.assertion;
  return out;
}

/**
 * The answer's header list for writeHead: the gateway's own (`name, value` pairs: security
 * headers, request id) unless the API sent the same one, then the API's, less the ones that are
 * the gateway's business. One flat list: no header map built one setHeader at a time.
 */
export function answerHeaders(own: (string | string[])[], upstream: IncomingHttpHeaders): (string | string[])[] {
  const list: (string | string[])[] = [];
  for (let i = 0; i < own.length; i += 2) {
    const name = own[i] as string;
    if (!Object.hasOwn(upstream, name) || DROPPED_RESPONSE_HEADERS.has(name)) list.push(name, own[i + 1]!);
  }
  for (const name in upstream) {
    if (!DROPPED_RESPONSE_HEADERS.has(name)) list.push(name, upstream[name]!);
  }
  return list;
}

/** Whether a body follows the headers, whatever the method. */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
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
