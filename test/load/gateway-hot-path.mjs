/**
 * `node test/load/gateway-hot-path.mjs [repo root]`: CPU per call of the gateway's per-request
 * pieces that run in JS on a fully cached `/api` request (metrics, the authorisation decision),
 * from the built dist/. Unlike `npm run bench` it needs no sockets or other processes, so it
 * still compares two builds when the machine is busy: point it at another checkout's root to
 * compare. The best of seven runs is reported, the figure least disturbed by other work.
 */
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? fileURLToPath(new URL('../../', import.meta.url));
const g = (f) => import(`${root}/dist/server/gateway/${f}.js`);
const { GatewayMetrics } = await g('metrics');
const { AssertionSigner } = await g('assertion');
const { Authorizer } = await g('authorize');
const { SessionCache } = await g('session');
const { PermissionLists } = await g('permissions');
const { ResourceScopes } = await g('resource-scope');
const { RoutePolicyTable } = await g('route-policy');
const { systemClock } = await g('clock');
const metrics = new GatewayMetrics();
const session = { id: 's1', identity: { id: 'u1' }, expires_at: new Date(Date.now() + 3600e3).toISOString(), authenticator_assurance_level: 'aal1' };
// The API's answers to the permission and scope lookups, for the first (uncached) call only.
const api = {
  request: async ({ path }) => ({
    statusCode: 200,
    body: { text: async () => JSON.stringify(path.startsWith('/api/scopes') ? { orgId: 'acme' } : [{ id: 'org:devices:read' }, { id: 'org:read' }]) },
  }),
};
const signer = new AssertionSigner('x'.repeat(44));
const sessions = new SessionCache({ lookup: async () => ({ ok: true, session }), ttlMs: 60_000, clock: systemClock, metrics });
const authz = new Authorizer(sessions, new PermissionLists(api, signer, systemClock, metrics), new ResourceScopes(api, signer, systemClock, metrics), signer, 'ory_kratos_session');
const matched = new RoutePolicyTable().match('GET', '/api/orgs/acme/devices');
const headers = { cookie: 'ory_kratos_session=bench-session', host: 'x', accept: '*/*' };
await authz.authorize(matched, headers);
if (authz.authorize(matched, headers) instanceof Promise) throw new Error('not cached');
function time(label, fn, n = 300_000) {
  let best = Infinity;
  for (let r = 0; r < 7; r++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < n; i++) fn(i);
    const t = process.cpuUsage(t0);
    best = Math.min(best, ((t.user + t.system) * 1000) / n);
  }
  console.log(`${label.padEnd(44)} ${best.toFixed(0).padStart(6)} ns/call (best of 7)`);
}
time('metrics: 1 request observed + 3 cache lookups', (i) => {
  metrics.observeRequest('api', 'GET', 200, 0.002 + (i % 7) * 0.001);
  metrics.cacheLookup('session', true);
  metrics.cacheLookup('permissions', true);
  metrics.cacheLookup('permissions', true);
});
time('authorize (all cached)', () => authz.authorize(matched, headers));
