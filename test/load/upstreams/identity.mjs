/**
 * The identity host (Kratos public wire, the one call the gateway's hot path can make):
 * `GET /sessions/whoami` knows one session, the cookie `ory_kratos_session=bench-session`,
 * and counts every call, because the gateway must ask once per session per cache TTL and
 * never once per request. `GET /__count` tells the count.
 */
import { sendJson, serve } from './serve.mjs';

const BENCH_SESSION = 'bench-session';
const COOKIE = /(?:^|;\s*)ory_kratos_session=([^;]+)/;

let whoami = 0;

const UNAUTHORIZED = {
  error: {
    code: 401,
    status: 'Unauthorized',
    reason: 'No valid session credentials found in the request.',
    message: 'The request could not be authorized',
  },
};

function session() {
  const now = Date.now();
  return {
    id: 'bench-session-id',
    active: true,
    expires_at: new Date(now + 24 * 3600_000).toISOString(),
    authenticated_at: new Date(now).toISOString(),
    issued_at: new Date(now).toISOString(),
    authenticator_assurance_level: 'aal1',
    identity: {
      id: 'bench-identity-id',
      schema_id: 'default',
      state: 'active',
      traits: { email: 'bench@example.test', name: { first: 'Bench', last: 'User' } },
    },
  };
}

serve('identity', (request, response) => {
  const path = request.url.split('?')[0];
  if (request.method === 'GET' && path === '/sessions/whoami') {
    whoami++;
    const token = request.headers['x-session-token'] ?? COOKIE.exec(String(request.headers.cookie ?? ''))?.[1];
    return token === BENCH_SESSION ? sendJson(response, 200, session()) : sendJson(response, 401, UNAUTHORIZED);
  }
  if (path === '/health/ready') return sendJson(response, 200, { status: 'ok' });
  if (path === '/__count') return sendJson(response, 200, { whoami });
  return sendJson(response, 404, { error: `no route ${path}` });
});
