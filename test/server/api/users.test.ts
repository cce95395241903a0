import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

describe.each(BACKENDS)('users on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;
  let plain: TestUser;
  let createdId: string;

  beforeAll(async () => {
    t = await startTestApi(backend);
    admin = await t.newUser('admin');
    plain = await t.newUser('plain');
  }, 90_000);
  afterAll(async () => t?.close());

  describe('administration', () => {
    it('creates a user as an identity with a password, and its profile', async () => {
      const res = await t.http
        .post('/api/admin/users')
        .set(await t.as(admin))
        .send({ email: ' Grace@Example.com ', firstName: 'Grace', lastName: 'Hopper', password: 'correct horse battery staple', verified: true });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', state: 'active', globalRole: 'user' });
      createdId = res.body.id;
      const { data } = await t.identities.getIdentity({ id: createdId });
      expect(data.traits).toEqual({ email: 'grace@example.com', name: { first: 'Grace', last: 'Hopper' } });
      expect(data.verifiable_addresses?.[0]).toMatchObject({ verified: true });
      expect(Object.keys(data.credentials ?? {})).toContain('password');
    });

    it('refuses an existing address (409), bad fields (400 naming them) and non-administrators (403)', async () => {
      const headers = await t.as(admin);
      const dup = await t.http.post('/api/admin/users').set(headers).send({ email: 'grace@example.com' });
      expect(dup.status).toBe(409);
      const email = await t.http.post('/api/admin/users').set(headers).send({ email: 'not-an-address' });
      expect(email.body.error.reason).toMatch(/^body\/email/);
      const short = await t.http.post('/api/admin/users').set(headers).send({ email: 'short@example.com', password: 'short' });
      expect(short.body.error.reason).toMatch(/^body\/password/);
      const role = await t.http.post('/api/admin/users').set(headers).send({ email: 'r@example.com', globalRole: 'god' });
      expect(role.body.error.reason).toMatch(/^body\/globalRole/);
      const forbidden = await t.http
        .post('/api/admin/users')
        .set(await t.as(plain))
        .send({ email: 'sneaky@example.com' });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.details.missing).toEqual(['admin:users']);
      const { data } = await t.identities.listIdentities({ credentialsIdentifier: 'short@example.com' });
      expect(data).toEqual([]);
      expect((await t.db.query('SELECT 1 FROM users')).rowCount).toBe(3);
    });

    it('lists users by query, role and state, in pages', async () => {
      const headers = await t.as(admin);
      const all = await t.http.get('/api/admin/users').set(headers);
      expect(all.body).toMatchObject({ total: 3, page: 1, perPage: 25 });
      const grace = await t.http.get('/api/admin/users?q=hopper').set(headers);
      expect(grace.body.items.map((u: { id: string }) => u.id)).toEqual([createdId]);
      const admins = await t.http.get('/api/admin/users?globalRole=admin').set(headers);
      expect(admins.body.items.map((u: { id: string }) => u.id)).toEqual([admin.id]);
      const paged = await t.http.get('/api/admin/users?per_page=2&page=2').set(headers);
      expect(paged.body.items).toHaveLength(1);
      expect((await t.http.get('/api/admin/users?state=asleep').set(headers)).status).toBe(400);
      expect((await t.http.get('/api/admin/users').set(await t.as(plain))).status).toBe(403);
    });

    it('updates names, address, state and global role in the identity service and the profile', async () => {
      const res = await t.http
        .put(`/api/admin/users/${createdId}`)
        .set(await t.as(admin))
        .send({ lastName: 'Murray Hopper', state: 'inactive', globalRole: 'admin' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ firstName: 'Grace', lastName: 'Murray Hopper', state: 'inactive', globalRole: 'admin' });
      const { data } = await t.identities.getIdentity({ id: createdId });
      expect(data.state).toBe('inactive');
      expect(data.traits).toEqual({ email: 'grace@example.com', name: { first: 'Grace', last: 'Murray Hopper' } });
      // The new administrator's own list says so.
      const lists = await t.http.get('/api/permissions').set(await t.as(createdId));
      expect(lists.status).toBe(200);
    });

    it('keeps one administrator, and refuses unknown users, empty and bad changes', async () => {
      const headers = await t.as(admin);
      expect((await t.http.put(`/api/admin/users/${createdId}`).set(headers).send({ globalRole: 'user' })).status).toBe(200);
      const last = await t.http.put(`/api/admin/users/${admin.id}`).set(headers).send({ globalRole: 'user' });
      expect(last.status).toBe(409);
      expect((await t.http.put(`/api/admin/users/${randomUUID()}`).set(headers).send({ firstName: 'Nobody' })).status).toBe(404);
      expect((await t.http.put(`/api/admin/users/${createdId}`).set(headers).send({})).status).toBe(400);
      const taken = await t.http.put(`/api/admin/users/${createdId}`).set(headers).send({ email: plain.email });
      expect(taken.status).toBe(409);
      expect(
        (
          await t.http
            .put(`/api/admin/users/${createdId}`)
            .set(await t.as(plain))
            .send({ firstName: 'X' })
        ).status,
      ).toBe(403);
      expect((await t.db.query('SELECT email, global_role FROM users WHERE identity_id = $1', [createdId])).rows).toEqual([{ email: 'grace@example.com', global_role: 'user' }]);
    });

    it('issues a recovery link or code for a user', async () => {
      const headers = await t.as(admin);
      const link = await t.http.put(`/api/admin/users/${createdId}/recovery`).set(headers);
      expect(link.status).toBe(200);
      expect(link.body.link).toMatch(/\/self-service\/recovery\?/);
      expect(link.body.code).toBeUndefined();
      const code = await t.http.put(`/api/admin/users/${createdId}/recovery`).set(headers).send({ method: 'code', expiresIn: '2h' });
      expect(code.body).toMatchObject({ code: expect.stringMatching(/^\d{6}$/), link: expect.any(String), expiresAt: expect.any(String) });
      expect(new Date(code.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(90 * 60_000);
      expect((await t.http.put(`/api/admin/users/${createdId}/recovery`).set(headers).send({ method: 'pigeon' })).status).toBe(400);
      expect((await t.http.put(`/api/admin/users/${randomUUID()}/recovery`).set(headers)).status).toBe(404);
      expect((await t.http.put(`/api/admin/users/${createdId}/recovery`).set(await t.as(plain))).status).toBe(403);
    });
  });

  describe("a user's sessions and e-mails", () => {
    /** Signs Grace in through the identity service's native API, as an app would: one more session. */
    async function signInGrace(): Promise<string> {
      const flow = (await (await fetch(`${t.identity.publicUrl}/self-service/login/api`)).json()) as { ui: { action: string } };
      const res = await fetch(flow.ui.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ method: 'password', identifier: 'grace@example.com', password: 'correct horse battery staple' }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { session: { id: string } }).session.id;
    }

    it('answers one user by id, and 404 for an unknown one', async () => {
      const res = await t.http.get(`/api/admin/users/${createdId}`).set(await t.as(admin));
      expect(res.body).toMatchObject({ id: createdId, email: 'grace@example.com' });
      expect((await t.http.get(`/api/admin/users/${randomUUID()}`).set(await t.as(admin))).status).toBe(404);
      expect((await t.http.get(`/api/admin/users/${createdId}`).set(await t.as(plain))).status).toBe(403);
    });

    it('lists their sessions, ends one, then all of them; another user’s session is refused unchanged', async () => {
      const headers = await t.as(admin);
      // The user was made inactive above; an inactive identity cannot sign in.
      await t.http.put(`/api/admin/users/${createdId}`).set(headers).send({ state: 'active' });
      const first = await signInGrace();
      const second = await signInGrace();
      const listed = await t.http.get(`/api/admin/users/${createdId}/sessions`).set(headers);
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((s: { id: string }) => s.id).sort()).toEqual([first, second].sort());
      expect(listed.body.items[0]).toMatchObject({ active: true, aal: 'aal1', methods: ['password'] });
      expect(JSON.stringify(listed.body)).not.toMatch(/token/i);

      expect((await t.http.delete(`/api/admin/users/${plain.id}/sessions/${first}`).set(headers)).status).toBe(404);
      expect((await t.http.delete(`/api/admin/users/${createdId}/sessions/${first}`).set(headers)).status).toBe(204);
      const after = await t.http.get(`/api/admin/users/${createdId}/sessions`).set(headers);
      const state = Object.fromEntries(after.body.items.map((s: { id: string; active: boolean }) => [s.id, s.active]));
      expect(state).toEqual({ [first]: false, [second]: true });

      expect((await t.http.delete(`/api/admin/users/${createdId}/sessions`).set(headers)).status).toBe(204);
      const none = await t.http.get(`/api/admin/users/${createdId}/sessions`).set(headers);
      expect(none.body.items.every((s: { active: boolean }) => !s.active)).toBe(true);
      expect((await t.http.delete(`/api/admin/users/${randomUUID()}/sessions`).set(headers)).status).toBe(404);
      expect((await t.http.get(`/api/admin/users/${createdId}/sessions`).set(await t.as(plain))).status).toBe(403);
    });

    it('lists the e-mails sent to them with their state, never their bodies', async () => {
      const headers = await t.as(admin);
      // A recovery e-mail, as the user asking for one on the recovery page would cause.
      const flow = (await (await fetch(`${t.identity.publicUrl}/self-service/recovery/api`)).json()) as { ui: { action: string } };
      await fetch(flow.ui.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ method: 'code', email: 'grace@example.com' }),
      });
      const res = await t.http.get(`/api/admin/users/${createdId}/messages`).set(headers);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeGreaterThan(0);
      expect(res.body.items[0]).toMatchObject({
        templateType: expect.stringMatching(/^recovery/),
        status: expect.stringMatching(/^(queued|processing|sent|abandoned)$/),
        sendCount: expect.any(Number),
      });
      expect(res.body.items[0].body).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toMatch(/\b\d{6}\b/);
      const paged = await t.http.get(`/api/admin/users/${createdId}/messages?pageSize=1`).set(headers);
      expect(paged.body.items).toHaveLength(1);
      expect((await t.http.get(`/api/admin/users/${createdId}/messages?pageToken=nonsense`).set(headers)).status).toBe(400);
      expect((await t.http.get(`/api/admin/users/${createdId}/messages`).set(await t.as(plain))).status).toBe(403);
    });
  });

  describe('own settings', () => {
    it('start with defaults and are saved field by field', async () => {
      const headers = await t.as(plain);
      expect((await t.http.get('/api/user/settings').set(headers)).body).toEqual({ locale: 'en', units: 'metric', defaultOrgId: null, updatedAt: null });
      const saved = await t.http.put('/api/user/settings').set(headers).send({ locale: 'de' });
      expect(saved.body).toMatchObject({ locale: 'de', units: 'metric', defaultOrgId: null });
      const units = await t.http.put('/api/user/settings').set(headers).send({ units: 'imperial' });
      expect(units.body).toMatchObject({ locale: 'de', units: 'imperial' });
    });

    it('take only an organisation the caller belongs to as default, and refuse bad values unchanged', async () => {
      const headers = await t.as(plain);
      const org = (
        await t.http
          .post('/api/admin/orgs')
          .set(await t.as(admin))
          .send({ name: 'Settings Org', ownerId: plain.id })
      ).body;
      const other = (
        await t.http
          .post('/api/admin/orgs')
          .set(await t.as(admin))
          .send({ name: 'Not Mine' })
      ).body;
      expect((await t.http.put('/api/user/settings').set(headers).send({ defaultOrgId: org.id })).body.defaultOrgId).toBe(org.id);
      const foreign = await t.http.put('/api/user/settings').set(headers).send({ defaultOrgId: other.id });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.reason).toMatch(/^body\/defaultOrgId/);
      expect((await t.http.put('/api/user/settings').set(headers).send({ locale: 'xx' })).body.error.reason).toMatch(/^body\/locale/);
      expect((await t.http.put('/api/user/settings').set(headers).send({ theme: 'dark' })).body.error.reason).toBe('body/theme: is not a known field');
      expect((await t.http.get('/api/user/settings').set(headers)).body).toMatchObject({ locale: 'de', units: 'imperial', defaultOrgId: org.id });
      expect((await t.http.put('/api/user/settings').set(headers).send({ defaultOrgId: null })).body.defaultOrgId).toBeNull();
      expect((await t.http.get('/api/user/settings')).status).toBe(401);
    });
  });
});
