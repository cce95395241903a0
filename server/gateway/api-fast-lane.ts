/**
 * The `/api` door's fast lane. A GET whose session, permissions and assertion are all cached
 * (nearly every read of a signed-in screen) is proxied straight from node:http, before
 * Fastify builds its request and reply, routes, and runs its hooks: that machinery was about
 * a seventh of the gateway's CPU per proxied request (docs/performance.md).
 *
 * The lane decides with the ordinary path's own code (api-proxy.ts: `admit`, the Authorizer,
 * `forwardHeaders`, `answerHeaders`) and answers as it does: the API's answer with the same
 * security headers and request id, the same metrics and log line, and the same error envelope
 * when the API cannot be reached. Everything else goes the ordinary way, which answers it:
 * another method, a body, a share link (rate-limited there), a call that evicts cached rights, a
 * refusal, a closing or overloaded gateway, and a decision that needs an upstream call, which is handed over (`handedOver`)
 * rather than asked twice.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { errorEnvelope } from '../../shared/error-envelope.js';
import { admit, answerHeaders, forwardedOrigin, forwardHeaders, handedOver, hasBody, type ApiProxyOptions } from './api-proxy.js';
import type { Decision } from './authorize.js';
import { recordRequest, requestIdFrom } from './logging.js';
import type { MaybePromise } from './maybe-async.js';
import { requestLoggerFactory } from '../logging/request-logger.js';
import type { MatchedPolicy } from './route-policy.js';
import { apiSecurityHeaderSet } from './security-headers.js';
import { SHARE_PREFIX } from './share-read-limit.js';

/** Answers the request and returns true, or returns false and leaves it to Fastify. */
export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface FastLaneOptions extends Pick<ApiProxyOptions, 'api' | 'policies' | 'authorizer' | 'publicOrigin' | 'bodyLimit' | 'metrics'> {
  /** Whether the answers carry HSTS (an https public URL). */
  secure: boolean;
  /** TRUST_PROXY, read as Fastify reads it for `request.ip`. */
  trustProxy: boolean | number | string;
  log: FastifyBaseLogger;
  /** False while the gateway closes or sheds load: the ordinary path answers 503 then. */
  open: () => boolean;
}

export function apiFastLane(options: FastLaneOptions): FastLane {
  const forwarded = forwardedOrigin(options.publicOrigin);
  const security = Object.entries(apiSecurityHeaderSet(options.secure)).flat();
  const clientAddress = clientAddressOf(options.trustProxy);
  const { api, metrics } = options;

  return (request, response) => {
    const url = request.url!;
    if (request.method !== 'GET' || !url.startsWith('/api/') || url.startsWith(SHARE_PREFIX) || hasBody(request.headers) || !options.open()) return false;
    let matched: MatchedPolicy;
    let decision: MaybePromise<Decision>;
    try {
      matched = admit(options, 'GET', url, request.headers);
    } catch {
      return false;
    }
    // A call that makes cached rights stale is the ordinary path's to account for (evictions.ts).
    if (matched.policy.evicts) return false;
    try {
      decision = options.authorizer.authorize(matched, request.headers);
    } catch (error) {
      decision = Promise.reject(error);
    }
    if (decision instanceof Promise) {
      // Not yet settled: no unhandled rejection while the ordinary path gets to it.
      decision.catch(() => undefined);
      handedOver.set(request, { matched, decision });
      return false;
    }

    metrics.fastLaneAnswer();
    const started = performance.now();
    const id = requestIdFrom(request.headers['x-request-id'], randomUUID);
    const own = security.concat('x-request-id', id);
    const finished = () => recordRequest(requestLoggerFactory(options.log, { reqId: id }, {}), metrics, 'GET', url, response.statusCode, performance.now() - started);
    api
      .stream({ method: 'GET', path: url, headers: forwardHeaders(request.headers, clientAddress(request), id, decision, forwarded) }, ({ statusCode, headers }) => {
        response.writeHead(statusCode, answerHeaders(own, headers) as unknown as string[]);
        return response;
      })
      .then(finished, (error: unknown) => {
        const failure = api.translate(error);
        if (failure.statusCode >= 500) metrics.upstreamError('api', failure.statusCode === 504 ? 'timeout' : 'unreachable');
        if (response.headersSent) {
          // As on the ordinary path: the status went out, so a cut answer is the only signal left.
          response.destroy();
        } else {
          const body = JSON.stringify(errorEnvelope(failure.statusCode, failure.reason));
          own.push('content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(body)));
          response.writeHead(failure.statusCode, own);
          response.end(body);
        }
        finished();
      });
    return true;
  };
}

/** The client's address as Fastify's `request.ip` gives it for the same TRUST_PROXY. */
function clientAddressOf(trust: boolean | number | string): (request: IncomingMessage) => string | undefined {
  // Fastify trusts no hop for a bare hop count: it cannot check the peer that sent it.
  if (trust === false || typeof trust === 'number') return (request) => request.socket.remoteAddress;
  const trusted = trust === true ? () => true : proxyAddr.compile(trust.split(',').map((entry) => entry.trim()));
  return (request) => proxyAddr(request, trusted);
}
