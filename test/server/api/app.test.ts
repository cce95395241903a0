import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_POLICY } from '../../../shared/api-route-policy.js';
import { ASSERTION_HEADER } from '../../../shared/identity-assertion.js';
import { buildApi } from '../../../server/api/app.js';
import { openDatabase } from '../../../server/db/open.js';
import { openBlobStore } from '../../../server/storage/open.js';
import { tempDataDir } from '../db/support.js';
import { assertionFor, BACKENDS, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

describe.each(BACKENDS)('API application on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApi(backend, (app) => {
      // A route the policy table does not list: unreachable, even with a valid assertion.
      app.get('/api/unlisted', async () => ({ reached: true }));
    });
  }, 90_000);
  afterAll(async () => t?.close());

  it('makes the first identity it sees the global administrator, and nobody after', async () => {
    admin = await t.newIdentity('first');
    const first = await t.http.get('/api/permissions').set(await t.as(admin));
    expect(first.status).toBe(200);
    expect(first.body).toEqual([{ id: 'admin:orgs' }, { id: 'admin:users' }, { id: 'admin:firmware' }, { id: 'admin:oauth2' }, { id: 'admin:audit' }, { id: 'admin:platform' }]);
    const second = await t.newIdentity('second');
    const res = await t.http.get('/api/permissions').set(await t.as(second));
    expect(res.body).toEqual([]);
    const rows = await t.db.query<{ email: string; global_role: string }>('SELECT email, global_role FROM users ORDER BY global_role');
    // No organisation existed, so there was nothing to take ownership of.
    expect((await t.db.query('SELECT 1 FROM org_members')).rowCount).toBe(0);
    expect(rows.rows).toEqual([
      { email: admin.email, global_role: 'admin' },
      { email: second.email, global_role: 'user' },
    ]);
  });

  it('refuses a missing, forged, expired or over-long assertion with 401 JSON', async () => {
    const missing = await t.http.get('/api/permissions');
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ code: 401, status: 'Unauthorized', reason: expect.stringMatching(/assertion/) });
    const forged = await t.http.get('/api/permissions').set(await assertionFor('another-secret-of-at-least-32-characters', admin.id));
    expect(forged.status).toBe(401);
    const expired = await t.http.get('/api/permissions').set(await assertionFor(t.secret, admin.id, Math.floor(Date.now() / 1000) - 120));
    expect(expired.status).toBe(401);
    const garbage = await t.http.get('/api/permissions').set(ASSERTION_HEADER, 'not.a.jwt');
    expect(garbage.status).toBe(401);
    expect(garbage.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses an assertion for an identity the identity service does not know', async () => {
    const res = await t.http.get('/api/permissions').set(await assertionFor(t.secret, randomUUID()));
    expect(res.status).toBe(401);
    expect(res.body.error.reason).toMatch(/no longer exists/);
    expect((await t.db.query('SELECT 1 FROM users')).rowCount).toBe(2);
  });

  it('answers 404 for a route without a policy row and for an unknown path', async () => {
    const unlisted = await t.http.get('/api/unlisted').set(await t.as(admin));
    expect(unlisted.status).toBe(404);
    expect(unlisted.body).toEqual({ error: expect.objectContaining({ code: 404, status: 'Not Found' }) });
    expect((await t.http.get('/api/nothing-here').set(await t.as(admin))).status).toBe(404);
  });

  it('lets public routes through without an assertion', async () => {
    const res = await t.http.get('/api/validate?token=0123456789abcdef0123');
    expect(res.status).toBe(404);
    expect(res.body.error.reason).toMatch(/invite/);
  });

  it('names the field of a schema failure, an unknown field included, and changes nothing', async () => {
    const headers = await t.as(admin);
    const unknown = await t.http.post('/api/admin/orgs').set(headers).send({ name: 'Acme', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ reason: 'body/colour: is not a known field', details: { field: 'body/colour' } });
    const missing = await t.http.post('/api/admin/orgs').set(headers).send({});
    expect(missing.body.error.reason).toBe('body/name: is required');
    const bad = await t.http
      .post('/api/admin/orgs')
      .set(headers)
      .send({ name: 'Acme', address: { country: 'Germany' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.reason).toMatch(/^body\/address\/country: /);
    const json = await t.http.post('/api/admin/orgs').set(headers).set('content-type', 'application/json').send('{"name":');
    expect(json.status).toBe(400);
    const query = await t.http.get('/api/orgs?per_page=1000').set(headers);
    expect(query.status).toBe(400);
    expect(query.body.error.reason).toMatch(/^querystring\/per_page: /);
    expect((await t.db.query('SELECT 1 FROM orgs')).rowCount).toBe(0);
  });

  it('answers the owner of a resource for the gateway, 404 for an unknown one', async () => {
    const headers = await t.as(admin);
    const org = (await t.http.post('/api/admin/orgs').set(headers).send({ name: 'Scope Org' })).body;
    const project = (await t.http.post(`/api/orgs/${org.id}/projects`).set(headers).send({ name: 'P' })).body;
    const floor = (await t.http.post(`/api/projects/${project.id}/floors`).set(headers).send({ name: 'F', level: 0 })).body;
    expect((await t.http.get(`/api/scopes/project/${project.id}`).set(headers)).body).toEqual({ orgId: org.id, projectId: project.id });
    expect((await t.http.get(`/api/scopes/floor/${floor.id}`).set(headers)).body).toEqual({ orgId: org.id, projectId: project.id });
    expect((await t.http.get(`/api/scopes/floor/${randomUUID()}`).set(headers)).status).toBe(404);
    expect((await t.http.get(`/api/scopes/spaceship/${floor.id}`).set(headers)).status).toBe(404);
    expect((await t.http.get(`/api/scopes/floor/${floor.id}`)).status).toBe(401);
  });

  it('never logs an assertion or an invite token', async () => {
    const headers = await t.as(admin);
    await t.http.get('/api/validate?token=secret-invite-token-123456').set(headers);
    const text = t.logs.join('');
    expect(text).toContain('/api/validate?token=[redacted]');
    expect(text).not.toContain('secret-invite-token-123456');
    expect(text).not.toContain(headers[ASSERTION_HEADER]!);
  });
});

describe('route table', () => {
  it('has a route behind every policy row', async () => {
    const dir = await tempDataDir();
    const db = await openDatabase({ dataDir: dir.dataDir, name: 'api' });
    const app = await buildApi({
      db,
      blobs: await openBlobStore({ dataDir: dir.dataDir }),
      assertionSecret: 'a-secret-of-at-least-thirty-two-characters',
      // Never called: building the routes asks nothing of the identity service.
      identityAdminUrl: 'http://127.0.0.1:9',
      identityAdminToken: 'unused-token-0123456789',
      publicUrl: 'http://app.test',
      logLevel: 'silent',
    });
    try {
      await app.ready();
      const missing = API_ROUTE_POLICY.filter((row) => !app.hasRoute({ method: row.method, url: row.path }));
      expect(missing.map((row) => `${row.method} ${row.path}`)).toEqual([]);
    } finally {
      await app.close();
      await db.close();
      await dir.remove();
    }
  }, 60_000);
});

describe('probes', () => {
  it('answer without a caller', async () => {
    const t = await startTestApi('pglite');
    try {
      expect((await t.http.get('/health/alive')).body).toEqual({ status: 'ok' });
      const ready = await t.http.get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  }, 90_000);
});
