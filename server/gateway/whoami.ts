/**
 * The identity host's `GET /sessions/whoami` for one credential, as a SessionLookup: the
 * session, the host's own 401/403 to pass on, or a 502 when it answers anything else.
 */
import type { ErrorEnvelope } from '../../shared/error-envelope.js';
import type { Session } from '../../shared/identity-session.js';
import { credentialHeaders, type Credential } from './credentials.js';
import { HttpError } from './http-error.js';
import type { GatewayMetrics } from './metrics.js';
import type { SessionAnswer, SessionLookup } from './session.js';
import type { Upstream } from './upstream.js';

export function whoami(identity: Upstream, cookieName: string, metrics: GatewayMetrics): SessionLookup {
  return async (credential: Credential): Promise<SessionAnswer> => {
    const response = await identity.request({
      method: 'GET',
      path: '/sessions/whoami',
      headers: { accept: 'application/json', ...credentialHeaders(credential, cookieName) },
    });
    const text = await response.body.text();
    if (response.statusCode === 200) {
      const session = parseJson(text) as Session | undefined;
      if (!session?.id || !session.identity?.id) {
        throw new HttpError(502, 'The identity service answered whoami without a session');
      }
      return { ok: true, session };
    }
    if (response.statusCode === 401 || response.statusCode === 403) {
      const body = parseJson(text) as ErrorEnvelope | undefined;
      return {
        ok: false,
        status: response.statusCode,
        body: body?.error
          ? body
          : response.statusCode === 401
            ? { error: { code: 401, status: 'Unauthorized', reason: 'No valid session credentials found', message: 'The request could not be authorized' } }
            : { error: { code: 403, status: 'Forbidden', reason: 'The session may not do this yet', message: 'The requested action was forbidden' } },
      };
    }
    metrics.upstreamError('identity', `status_${response.statusCode}`);
    throw new HttpError(502, `The identity service answered whoami with status ${response.statusCode}`);
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
