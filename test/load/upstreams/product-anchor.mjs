/**
 * The anchor of the end-to-end rows: the least a server can do to answer each read the product
 * answers, on the same PostgreSQL database the product is using (argv[2]). One Fastify
 * instance, one `pg` pool on the API schema (the product's own database module), and per
 * route exactly the statements the API's handler issues, through the same store functions —
 * without the gateway, the identity assertion, the route policy, input validation or response
 * schemas. Paths are the API's, so the bench sends both the same requests. Prints `{"port"}`
 * on stdout once listening.
 */
import Fastify from 'fastify';
import { openDatabase } from '../../../dist/server/db/open.js';
import { existingOrg } from '../../../dist/server/api/fleet/orgs.js';
import { getFloor } from '../../../dist/server/api/floors/store.js';
import { listDevices } from '../../../dist/server/api/devices/store.js';
import { listInvoices } from '../../../dist/server/api/invoices/store.js';
import { listProjects, getProject } from '../../../dist/server/api/projects/store.js';
import { projectStats } from '../../../dist/server/api/statistics/store.js';
import { settleIfDue } from '../../../dist/server/api/subscriptions/settle.js';
import { datasetsOf } from '../../../dist/server/api/tracks/routes.js';
import { listTracks } from '../../../dist/server/api/tracks/store.js';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: product-anchor.mjs <DATABASE_URL>');
const db = await openDatabase({ dataDir: '', databaseUrl, name: 'api' });
const page = (query) => ({ page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 25) });

const app = Fastify({ logger: false });
app.get('/api/orgs/:orgId/projects', async (request) => {
  const orgId = await existingOrg(db, request.params.orgId);
  return listProjects(db, orgId, {}, page(request.query));
});
app.get('/api/projects/:projectId/stats', async (request) => {
  await getProject(db, request.params.projectId);
  return projectStats(db, request.params.projectId);
});
app.get('/api/floors/:floorId/tracks', async (request) => {
  await getFloor(db, request.params.floorId);
  return listTracks(db, request.params.floorId, undefined, page(request.query));
});
app.get('/api/tracks/:trackId/datasets', async (request, reply) => datasetsOf({ db }, request.params.trackId, request, reply));
app.get('/api/orgs/:orgId/devices', async (request) => {
  const orgId = await existingOrg(db, request.params.orgId);
  await settleIfDue(db, orgId, new Date());
  return listDevices(db, orgId, {}, page(request.query));
});
app.get('/api/orgs/:orgId/invoices', async (request) => {
  const orgId = await existingOrg(db, request.params.orgId);
  await settleIfDue(db, orgId, new Date());
  return listInvoices(db, orgId, {}, page(request.query));
});

const close = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
// The bench's IPC channel closes when it dies: no orphan keeps the port.
process.on('disconnect', close);

await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
