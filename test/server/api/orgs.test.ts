import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

describe.each(BACKENDS)('organisations on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;
  let owner: TestUser;
  let outsider: TestUser;
  let orgId: string;

  const count = async (sql: string, params: unknown[] = []) => (await t.db.query(sql, params)).rowCount;

  beforeAll(async () => {
    t = await startTestApi(backend);
    admin = await t.newUser('admin');
    owner = await t.newIdentity('owner');
    outsider = await t.newUser('outsider');
  }, 90_000);
  afterAll(async () => t?.close());

  describe('administration', () => {
    it('creates an organisation with a named owner, who sees it with their role', async () => {
      const res = await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({
          name: ' Acme GmbH ',
          vatId: 'de 123.456.789',
          email: 'billing@acme.example',
          phone: '+49 30 1234567',
          address: { city: 'Berlin', country: 'DE' },
          ownerId: owner.id,
        });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Acme GmbH', vatId: 'DE123456789', members: 1, role: null, address: { street: '', postalCode: '', city: 'Berlin', country: 'DE' } });
      orgId = res.body.id;
      const mine = await t.http.get('/api/orgs').set(await t.as(owner));
      expect(mine.body).toMatchObject({ total: 1, page: 1, perPage: 25, items: [{ id: orgId, role: 'owner' }] });
      // The owner's profile was copied from the identity service when named.
      expect((await t.db.query('SELECT email FROM users WHERE identity_id = $1', [owner.id])).rows).toEqual([{ email: owner.email }]);
    });

    it('without a named owner, the creating administrator owns it', async () => {
      const res = await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({ name: 'Admin Own' });
      expect(res.body).toMatchObject({ role: 'owner', members: 1 });
    });

    it('refuses a duplicate name in any case, an unknown owner and bad fields, storing nothing', async () => {
      const headers = await t.as(admin);
      const before = await count('SELECT 1 FROM orgs');
      const dup = await t.http.post('/api/admin/orgs').set(headers).send({ name: 'ACME gmbh' });
      expect(dup.status).toBe(409);
      expect(dup.body.error.reason).toMatch(/already exists/);
      const unknownOwner = await t.http.post('/api/admin/orgs').set(headers).send({ name: 'Ghost', ownerId: randomUUID() });
      expect(unknownOwner.status).toBe(400);
      expect(unknownOwner.body.error.reason).toMatch(/^body\/ownerId/);
      const vat = await t.http.post('/api/admin/orgs').set(headers).send({ name: 'Bad VAT', vatId: '12' });
      expect(vat.body.error.reason).toMatch(/^body\/vatId/);
      expect(await count('SELECT 1 FROM orgs')).toBe(before);
    });

    it('lists every organisation with a query, to administrators only', async () => {
      const all = await t.http.get('/api/admin/orgs?q=acme').set(await t.as(admin));
      expect(all.body).toMatchObject({ total: 1, items: [{ id: orgId, name: 'Acme GmbH' }] });
      const sorted = await t.http.get('/api/admin/orgs?sort=name&per_page=1&page=2').set(await t.as(admin));
      expect(sorted.body).toMatchObject({ total: 2, page: 2, perPage: 1, items: [{ name: 'Admin Own' }] });
      const forbidden = await t.http.get('/api/admin/orgs').set(await t.as(outsider));
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.details).toEqual({ missing: ['admin:orgs'] });
      expect(
        (
          await t.http
            .post('/api/admin/orgs')
            .set(await t.as(outsider))
            .send({ name: 'Mine' })
        ).status,
      ).toBe(403);
    });

    it('lets an administrator join an organisation once', async () => {
      const join = await t.http.post(`/api/admin/orgs/${orgId}/join`).set(await t.as(admin));
      expect(join.status).toBe(201);
      expect(join.body).toMatchObject({ orgId, userId: admin.id, role: 'admin', email: admin.email });
      expect(
        (
          await t.http
            .post(`/api/admin/orgs/${orgId}/join`)
            .set(await t.as(admin))
            .send({ role: 'viewer' })
        ).status,
      ).toBe(409);
      expect((await t.http.post(`/api/admin/orgs/${randomUUID()}/join`).set(await t.as(admin))).status).toBe(404);
      expect((await t.http.post(`/api/admin/orgs/${orgId}/join`).set(await t.as(outsider))).status).toBe(403);
    });
  });

  describe('an organisation', () => {
    it('is read by its members, not by outsiders; unknown ids are 404', async () => {
      const res = await t.http.get(`/api/orgs/${orgId}`).set(await t.as(owner));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: orgId, role: 'owner', members: 2 });
      const outside = await t.http.get(`/api/orgs/${orgId}`).set(await t.as(outsider));
      expect(outside.status).toBe(403);
      expect(outside.body.error.details.missing).toEqual(['org:read']);
      expect((await t.http.get(`/api/orgs/${randomUUID()}`).set(await t.as(owner))).status).toBe(404);
      expect((await t.http.get('/api/orgs/not-a-uuid').set(await t.as(owner))).status).toBe(404);
      expect((await t.http.get('/api/orgs').set(await t.as(outsider))).body.total).toBe(0);
    });

    it('is updated field by field; bad input, duplicates and outsiders change nothing', async () => {
      const res = await t.http
        .put(`/api/orgs/${orgId}`)
        .set(await t.as(owner))
        .send({ legalName: 'Acme Gesellschaft mbH', address: { street: 'Hauptstr. 1' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Acme GmbH', legalName: 'Acme Gesellschaft mbH', address: { street: 'Hauptstr. 1', city: 'Berlin' } });
      expect(
        (
          await t.http
            .put(`/api/orgs/${orgId}`)
            .set(await t.as(owner))
            .send({})
        ).status,
      ).toBe(400);
      const phone = await t.http
        .put(`/api/orgs/${orgId}`)
        .set(await t.as(owner))
        .send({ phone: 'call me' });
      expect(phone.body.error.reason).toMatch(/^body\/phone/);
      expect(
        (
          await t.http
            .put(`/api/orgs/${orgId}`)
            .set(await t.as(owner))
            .send({ name: 'admin own' })
        ).status,
      ).toBe(409);
      expect(
        (
          await t.http
            .put(`/api/orgs/${orgId}`)
            .set(await t.as(outsider))
            .send({ name: 'Taken' })
        ).status,
      ).toBe(403);
      expect(
        (
          await t.http
            .put(`/api/orgs/${randomUUID()}`)
            .set(await t.as(owner))
            .send({ name: 'X' })
        ).status,
      ).toBe(404);
      expect((await t.db.query('SELECT name, phone FROM orgs WHERE id = $1', [orgId])).rows).toEqual([{ name: 'Acme GmbH', phone: '+49 30 1234567' }]);
    });
  });

  describe('its users', () => {
    let viewer: TestUser;

    beforeAll(async () => {
      viewer = await t.newUser('viewer');
      await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [orgId, viewer.id]);
    });

    it('lists members with their profiles, by query and role', async () => {
      const res = await t.http.get(`/api/orgs/${orgId}/users`).set(await t.as(viewer));
      expect(res.body.total).toBe(3);
      const byRole = await t.http.get(`/api/orgs/${orgId}/users?role=viewer`).set(await t.as(owner));
      expect(byRole.body.items).toEqual([expect.objectContaining({ userId: viewer.id, email: viewer.email, firstName: 'viewer', lastName: 'Tester', role: 'viewer' })]);
      const byName = await t.http.get(`/api/orgs/${orgId}/users?q=${encodeURIComponent(owner.email.slice(0, 6))}`).set(await t.as(owner));
      expect(byName.body.items.map((m: { userId: string }) => m.userId)).toEqual([owner.id]);
      expect((await t.http.get(`/api/orgs/${orgId}/users?role=king`).set(await t.as(owner))).status).toBe(400);
      expect((await t.http.get(`/api/orgs/${orgId}/users`).set(await t.as(outsider))).status).toBe(403);
    });

    it('reads one member; a non-member is 404', async () => {
      expect((await t.http.get(`/api/orgs/${orgId}/users/${viewer.id}`).set(await t.as(owner))).body).toMatchObject({ role: 'viewer' });
      expect((await t.http.get(`/api/orgs/${orgId}/users/${outsider.id}`).set(await t.as(owner))).status).toBe(404);
    });

    it('changes roles; viewers may not, only owners make owners, the last owner stays', async () => {
      const promoted = await t.http
        .put(`/api/orgs/${orgId}/users/${viewer.id}`)
        .set(await t.as(owner))
        .send({ role: 'member' });
      expect(promoted.body).toMatchObject({ role: 'member' });
      const byMember = await t.http
        .put(`/api/orgs/${orgId}/users/${viewer.id}`)
        .set(await t.as(viewer))
        .send({ role: 'admin' });
      expect(byMember.status).toBe(403);
      expect(byMember.body.error.details.missing).toEqual(['org:users:manage']);
      // The administrator joined as admin: managing users, but not owners.
      await t.db.query(`UPDATE users SET global_role = 'user' WHERE identity_id = $1`, [admin.id]);
      const adminMakesOwner = await t.http
        .put(`/api/orgs/${orgId}/users/${viewer.id}`)
        .set(await t.as(admin))
        .send({ role: 'owner' });
      expect(adminMakesOwner.status).toBe(403);
      await t.db.query(`UPDATE users SET global_role = 'admin' WHERE identity_id = $1`, [admin.id]);
      const lastOwner = await t.http
        .put(`/api/orgs/${orgId}/users/${owner.id}`)
        .set(await t.as(owner))
        .send({ role: 'admin' });
      expect(lastOwner.status).toBe(409);
      expect(lastOwner.body.error.reason).toMatch(/at least one owner/);
      expect(
        (
          await t.http
            .put(`/api/orgs/${orgId}/users/${viewer.id}`)
            .set(await t.as(owner))
            .send({ role: 'emperor' })
        ).body.error.reason,
      ).toMatch(/^body\/role/);
      expect(
        (
          await t.http
            .put(`/api/orgs/${orgId}/users/${outsider.id}`)
            .set(await t.as(owner))
            .send({ role: 'member' })
        ).status,
      ).toBe(404);
      expect((await t.db.query('SELECT role FROM org_members WHERE org_id = $1 AND user_id = $2', [orgId, owner.id])).rows).toEqual([{ role: 'owner' }]);
    });

    it('removes a member with their project roles and default; the last owner stays', async () => {
      const project = (
        await t.http
          .post(`/api/orgs/${orgId}/projects`)
          .set(await t.as(owner))
          .send({ name: 'Site' })
      ).body;
      await t.http
        .post(`/api/projects/${project.id}/users`)
        .set(await t.as(owner))
        .send({ userId: viewer.id, role: 'surveyor' });
      await t.http
        .put('/api/user/settings')
        .set(await t.as(viewer))
        .send({ defaultOrgId: orgId });
      expect((await t.http.delete(`/api/orgs/${orgId}/users/${owner.id}`).set(await t.as(owner))).status).toBe(409);
      const removed = await t.http.delete(`/api/orgs/${orgId}/users/${viewer.id}`).set(await t.as(owner));
      expect(removed.status).toBe(204);
      expect(await count('SELECT 1 FROM project_members WHERE user_id = $1', [viewer.id])).toBe(0);
      expect((await t.http.get('/api/user/settings').set(await t.as(viewer))).body.defaultOrgId).toBeNull();
      expect((await t.http.get(`/api/orgs/${orgId}`).set(await t.as(viewer))).status).toBe(403);
      expect((await t.http.delete(`/api/orgs/${orgId}/users/${viewer.id}`).set(await t.as(owner))).status).toBe(404);
    });
  });

  describe('deletion', () => {
    it('is for owners only, takes projects and their files along, and is 404 after', async () => {
      const headers = await t.as(owner);
      const project = (await t.http.get(`/api/orgs/${orgId}/projects`).set(headers)).body.items[0];
      const floor = (await t.http.post(`/api/projects/${project.id}/floors`).set(headers).send({ name: 'G', level: 0 })).body;
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#fff"/></svg>';
      const plan = await t.http.post(`/api/floors/${floor.id}/floorplans`).set(headers).attach('file', Buffer.from(svg), { filename: 'plan.svg', contentType: 'image/svg+xml' });
      expect(plan.status).toBe(201);
      expect((await t.blobFiles()).length).toBeGreaterThan(0);
      // The administrator is an admin member: everything but deleting.
      const byAdmin = await t.http.delete(`/api/orgs/${orgId}`).set(await t.as(admin));
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body.error.details.missing).toEqual(['org:delete']);
      expect((await t.http.delete(`/api/orgs/${orgId}`).set(headers)).status).toBe(204);
      expect(await count('SELECT 1 FROM projects WHERE org_id = $1', [orgId])).toBe(0);
      expect(await count('SELECT 1 FROM org_members WHERE org_id = $1', [orgId])).toBe(0);
      expect(await t.blobFiles()).toEqual([]);
      expect((await t.http.get(`/api/orgs/${orgId}`).set(headers)).status).toBe(404);
      expect((await t.http.delete(`/api/orgs/${orgId}`).set(headers)).status).toBe(404);
    });
  });
});
