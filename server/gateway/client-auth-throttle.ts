/**
 * Throttles failed OAuth2 client authentications at `/oauth2/token` and `/oauth2/revoke` (the
 * public endpoints where a client proves its secret), before the provider is asked: a throttled
 * request is answered 429 here and never reaches the secret check. Only the provider's own
 * verdict on the secret counts — a 401 `invalid_client` — so a bad grant, scope or code from a
 * client that authenticated is never held against it. An admitted attempt holds its place
 * until its answer is sent or its caller has gone. Which counts stop an attempt is
 * client-auth-failures.ts.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { claimedClientId } from './claimed-client.js';
import type { ClientAuthAttempt, ClientAuthFailures, ClientAuthOutcome } from './client-auth-failures.js';
import { clientNetwork } from './client-network.js';
import { HttpError } from './http-error.js';

export interface ClientAuthThrottleOptions {
  failures: ClientAuthFailures;
  /** The request's path on the identity host, or null when it is not canonical. */
  upstreamPath: (request: FastifyRequest) => string | null;
}

const CLIENT_AUTH_PATHS: ReadonlySet<string> = new Set(['/oauth2/token', '/oauth2/revoke']);
/** The provider (oidc-provider) reads no larger form either. */
const MAX_FORM_BYTES = 56 * 1024;
/** An OAuth2 error answer is a few hundred bytes; anything longer is not one. */
const MAX_ERROR_BYTES = 4096;

interface Pending {
  attempt: ClientAuthAttempt;
  held: string[];
  settled: boolean;
}

export function throttleClientAuthentication(app: FastifyInstance, options: ClientAuthThrottleOptions): void {
  const pending = new WeakMap<FastifyRequest, Pending>();

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !CLIENT_AUTH_PATHS.has(options.upstreamPath(request) ?? '')) return;
    const attempt = { clientId: claimedClientId(request.headers.authorization, await readForm(request)), network: clientNetwork(request.ip) };
    const admission = await options.failures.admit(attempt);
    if ('held' in admission) {
      const state: Pending = { attempt, held: admission.held, settled: false };
      pending.set(request, state);
      // An answer that is never sent (the caller gone mid-way) must still give back its places.
      reply.raw.once('close', () => {
        if (state.settled) return;
        state.settled = true;
        options.failures.settle(attempt, state.held, 'other').catch(() => undefined);
      });
      return;
    }
    const seconds = Math.max(1, Math.ceil(admission.waitMs / 1000));
    request.refusal = 'refusal.rate_limited';
    // The endpoint's own error shape (RFC 6749 §5.2), so an OAuth2 library reports it as one.
    return reply
      .code(429)
      .headers({ 'retry-after': String(seconds), 'cache-control': 'no-store' })
      .send({ error: 'temporarily_unavailable', error_description: `Too many failed client authentications: retry in ${seconds} s` });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = pending.get(request);
    if (!state || state.settled) return payload;
    state.settled = true;
    const status = reply.statusCode;
    const outcome: ClientAuthOutcome = status === 401 && isInvalidClient(payload) ? 'failed' : status >= 200 && status < 300 ? 'authenticated' : 'other';
    // Settled before the answer leaves, so the caller's next attempt already sees it counted.
    const reached = await options.failures.settle(state.attempt, state.held, outcome);
    if (reached.length > 0) {
      request.log.warn(
        { clientId: state.attempt.clientId?.slice(0, 256), network: state.attempt.network, limits: reached },
        'client authentication failures reached a limit: throttled',
      );
    }
    return payload;
  });
}

/**
 * The form, when the body is one. The proxy hands bodies over unread; this one is read (it is
 * small) and put back as a buffer, which is what the provider then receives.
 */
async function readForm(request: FastifyRequest): Promise<URLSearchParams | undefined> {
  const type = request.headers['content-type']?.split(';', 1)[0]!.trim().toLowerCase();
  const encoding = request.headers['content-encoding'];
  if (type !== 'application/x-www-form-urlencoded' || (encoding && encoding !== 'identity') || !isStream(request.body)) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new HttpError(413, `The form is larger than this endpoint accepts (${MAX_FORM_BYTES} bytes)`);
    chunks.push(chunk as Buffer);
  }
  const form = Buffer.concat(chunks);
  request.body = form;
  return new URLSearchParams(form.toString('utf8'));
}

function isStream(body: unknown): body is Readable {
  return typeof (body as Readable | undefined)?.pipe === 'function';
}

function isInvalidClient(payload: unknown): boolean {
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  if (typeof text !== 'string' || text.length > MAX_ERROR_BYTES) return false;
  try {
    return (JSON.parse(text) as { error?: unknown } | null)?.error === 'invalid_client';
  } catch {
    return false;
  }
}
