/**
 * The embedded API behind the real gateway and the real identity service, as `npm start` wires
 * them: sessions from the identity service, the gateway's permission lists and owner lookups
 * answered by the API, and an invite taken from sending to sign-in.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Configuration, FrontendApi, IdentityApi } from '@ory/client';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../../server/api/app.js';
import { loadConfig } from '../../../server/config.js';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/open.js';
import { buildGateway } from '../../../server/gateway/app.js';
import { openBlobStore } from '../../../server/storage/open.js';
import { tempDataDir } from '../db/support.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from '../identity/support/identity-instance.js';
import { listenFastify } from '../../support/listen.js';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple 42';

describe('the API through the gateway', () => {
  let identity: TestIdentity;
  let db: Database;
  let api: FastifyInstance;
  let gateway: FastifyInstance;
  let http: ReturnType<typeof request>;
  let dir: Awaited<ReturnType<typeof tempDataDir>>;
  let blobRoot: string;
  let frontend: FrontendApi;

  const signIn = async (email: string) => {
    const { data: flow } = await frontend.createNativeLoginFlow();
    const { data } = await frontend.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password: PASSWORD } });
    return { 'x-session-token': data.session_token! };
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    frontend = new FrontendApi(new Configuration({ basePath: identity.publicUrl }));
    dir = await tempDataDir();
    db = await openDatabase({ dataDir: dir.dataDir, name: 'api' });
    blobRoot = await mkdtemp(path.join(os.tmpdir(), 'sitewave-gw-blobs-'));
    const secret = randomBytes(32).toString('base64url');
    api = await buildApi({
      db,
      blobs: await openBlobStore({ dataDir: blobRoot }),
      assertionSecret: secret,
      identityAdminUrl: identity.adminUrl,
      identityAdminToken: TEST_ADMIN_TOKEN,
      publicUrl: ORIGIN,
      logLevel: 'silent',
    });
    const apiUrl = await listenFastify(api);
    gateway = await buildGateway(
      { ...loadConfig({ PUBLIC_URL: ORIGIN, WEB_ROOT: '/nonexistent-web-root', LOG_LEVEL: 'silent' }), identityPublicUrl: identity.publicUrl, apiUrl, assertionSecret: secret },
      {},
    );
    await gateway.ready();
    http = request(gateway.server);
  }, 90_000);

  afterAll(async () => {
    await gateway?.close();
    await api?.close();
    await db?.close();
    await identity?.stop();
    await dir?.remove();
    await rm(blobRoot, { recursive: true, force: true });
  });

  it('publishes the contract without a session: the OpenAPI document and its reference page', async () => {
    const document = await http.get('/api/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    expect(document.body.paths['/api/orgs/{orgId}/projects']).toBeDefined();
    const page = await http.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The page runs Swagger UI from its own files; nothing else may load.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await http.get('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('takes an organisation from creation through an invite to a new member working in it', async () => {
    const admin = new IdentityApi(new Configuration({ basePath: identity.adminUrl, accessToken: TEST_ADMIN_TOKEN }));
    await admin.createIdentity({
      createIdentityBody: { schema_id: 'default', traits: { email: 'founder@example.com' }, credentials: { password: { config: { password: PASSWORD } } } },
    });
    const founder = await signIn('founder@example.com');

    // The first identity the API sees administers it.
    expect((await http.get('/api/permissions').set(founder)).body).toEqual([
      { id: 'admin:orgs' },
      { id: 'admin:users' },
      { id: 'admin:firmware' },
      { id: 'admin:oauth2' },
      { id: 'admin:audit' },
      { id: 'admin:platform' },
    ]);
    const org = await http.post('/api/admin/orgs').set(founder).send({ name: 'Gateway Org' });
    expect(org.status).toBe(201);
    const orgId: string = org.body.id;
    const project = (await http.post(`/api/orgs/${orgId}/projects`).set(founder).send({ name: 'HQ' })).body;
    const floor = (await http.post(`/api/projects/${project.id}/floors`).set(founder).send({ name: 'Ground', level: 0 })).body;
    expect(floor.id).toBeDefined();

    const invite = await http.post(`/api/orgs/${orgId}/invite`).set(founder).send({ email: 'member@example.com', role: 'member' });
    expect(invite.status).toBe(201);
    const token = new URL(invite.body.link).searchParams.get('token')!;

    // Validating and registering need no session.
    const valid = await http.get(`/api/validate?token=${token}`);
    expect(valid.body).toMatchObject({ valid: true, orgName: 'Gateway Org', accountExists: false });
    // A browser's write without a session: same origin and the double-submit CSRF token.
    const registered = await http
      .post('/api/register')
      .set({ origin: ORIGIN, cookie: 'XSRF-TOKEN=x1', 'x-xsrf-token': 'x1' })
      .send({ token, password: PASSWORD, firstName: 'Mem' });
    expect(registered.status).toBe(201);

    const member = await signIn('member@example.com');
    expect((await http.get('/api/orgs').set(member)).body.items).toEqual([expect.objectContaining({ id: orgId, role: 'member' })]);
    // The gateway resolves the floor's owner through the API, then allows reading and refuses writing.
    expect((await http.get(`/api/floors/${floor.id}`).set(member)).status).toBe(200);
    const write = await http.put(`/api/floors/${floor.id}`).set(member).send({ name: 'Mine' });
    expect(write.status).toBe(403);
    expect(write.body.error.details.missing).toEqual(['project:survey:write']);
    expect((await http.put(`/api/orgs/${orgId}`).set(member).send({ name: 'Mine' })).status).toBe(403);
    expect((await http.get('/api/admin/users').set(member)).status).toBe(403);

    // A promotion through the gateway evicts the member's cached lists: it applies at once.
    const promoted = await http.put(`/api/orgs/${orgId}/users/${registered.body.userId}`).set(founder).send({ role: 'admin' });
    expect(promoted.status).toBe(200);
    expect((await http.put(`/api/floors/${floor.id}`).set(member).send({ name: 'Ground floor' })).status).toBe(200);

    // Without a session the gateway stops the call; the internal owner lookup is not reachable.
    expect((await http.get('/api/orgs')).status).toBe(401);
    expect((await http.get(`/api/scopes/floor/${floor.id}`).set(member)).status).toBe(404);
  });
});
