/**
 * The API host the gateway and nginx forward to: only the routes the benchmarked request
 * touches, every answer precomputed. Plain node:http rather than Fastify so the upstream costs
 * as little CPU as possible and the rows compare the proxies, not the API.
 *
 * It does not verify the identity assertion (that would bill JWT verification to every row);
 * it counts how many benchmarked requests carried one, so the orchestrator can prove the
 * gateway and nginx auth_request rows really went through authorization.
 */
import { sendJson, serve } from './serve.mjs';

const ASSERTION_HEADER = 'x-sitewave-identity';

const DEVICES = Buffer.from(
  JSON.stringify({
    items: Array.from({ length: 4 }, (_, i) => ({
      id: `dev-${i + 1}`,
      name: `Sensor ${i + 1}`,
      model: 'SW-200',
      firmware: '2.4.1',
      online: i % 2 === 0,
      lastSeen: '2025-01-01T00:00:00Z',
    })),
    total: 4,
  }),
);
const EMPTY_LIST = Buffer.from('[]');
const ORG_PERMISSIONS = Buffer.from(JSON.stringify([{ id: 'org:read' }, { id: 'org:devices:read' }]));
const SCOPE = Buffer.from(JSON.stringify({ orgId: 'acme' }));
const READY = Buffer.from('{"status":"ok"}');

const counts = { devices: 0, devicesWithAssertion: 0, permissions: 0, scopes: 0 };

const ORG_DEVICES = /^\/api\/orgs\/[^/]+\/devices$/;
const ORG_PERMS = /^\/api\/orgs\/[^/]+\/permissions$/;
const PROJECT_PERMS = /^\/api\/projects\/[^/]+\/permissions$/;
const SCOPES = /^\/api\/scopes\/[^/]+\/[^/]+$/;

serve('api', (request, response) => {
  const queryAt = request.url.indexOf('?');
  const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  if (request.method !== 'GET') return sendJson(response, 405, { error: 'method not allowed' });

  // The benchmarked route first: it is the one hit hundreds of thousands of times.
  if (ORG_DEVICES.test(path)) {
    counts.devices++;
    if (request.headers[ASSERTION_HEADER]) counts.devicesWithAssertion++;
    return sendJson(response, 200, DEVICES);
  }
  if (path === '/api/permissions') {
    counts.permissions++;
    return sendJson(response, 200, EMPTY_LIST);
  }
  if (ORG_PERMS.test(path)) {
    counts.permissions++;
    return sendJson(response, 200, ORG_PERMISSIONS);
  }
  if (PROJECT_PERMS.test(path)) {
    counts.permissions++;
    return sendJson(response, 200, EMPTY_LIST);
  }
  if (SCOPES.test(path)) {
    counts.scopes++;
    return sendJson(response, 200, SCOPE);
  }
  if (path === '/health/ready') return sendJson(response, 200, READY);
  if (path === '/__count') return sendJson(response, 200, counts);
  return sendJson(response, 404, { error: `no route ${path}` });
});
