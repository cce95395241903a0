import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, PUBLIC_URL, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(BACKENDS)('invites on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;
  let owner: TestUser;
  let member: TestUser;
  let orgId: string;

  const invite = async (email: string, role?: string, by: TestUser = owner) =>
    t.http
      .post(`/api/orgs/${orgId}/invite`)
      .set(await t.as(by))
      .send(role ? { email, role } : { email });
  const statusOf = async (id: string) => (await t.db.query<{ status: string }>('SELECT status FROM invites WHERE id = $1', [id])).rows[0]?.status;

  beforeAll(async () => {
    t = await startTestApi(backend);
    admin = await t.newUser('admin');
    owner = await t.newUser('owner');
    member = await t.newUser('member');
    orgId = (
      await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({ name: 'Invite Org', ownerId: owner.id })
    ).body.id;
    await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'member')`, [orgId, member.id]);
  }, 90_000);
  afterAll(async () => t?.close());

  describe('sending', () => {
    it('creates a pending invite with a link, and queues its e-mail in the outbox', async () => {
      const res = await invite(' New.Person@Example.com ', 'viewer');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orgId, email: 'new.person@example.com', role: 'viewer', status: 'pending', invitedBy: owner.id, acceptedBy: null });
      expect(res.body.link.startsWith(`${PUBLIC_URL}/orgs/join?token=`)).toBe(true);
      const mail = await t.db.query<{ recipient: string; subject: string; body: string; sent_at: Date | null }>(
        `SELECT recipient, subject, body, sent_at FROM api_outbox WHERE kind = 'invite'`,
      );
      expect(mail.rows).toHaveLength(1);
      expect(mail.rows[0]).toMatchObject({ recipient: 'new.person@example.com', subject: 'owner Tester invited you to Invite Org on sitewave', sent_at: null });
      expect(mail.rows[0]!.body).toContain(res.body.link);
      // Only the token's hash is stored.
      const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM invites WHERE id = $1', [res.body.id]);
      expect(stored.rows[0]!.token_hash).not.toContain(tokenOf(res.body.link));
    });

    it('replaces a pending invite to the same address: the old one is cancelled', async () => {
      const first = (await invite('twice@example.com')).body;
      const second = (await invite('TWICE@example.com', 'admin')).body;
      expect(await statusOf(first.id)).toBe('cancelled');
      expect(second).toMatchObject({ status: 'pending', role: 'admin' });
      const old = await t.http.get(`/api/validate?token=${tokenOf(first.link)}`);
      expect(old.body).toMatchObject({ valid: false, status: 'cancelled', accountExists: null });
    });

    it('refuses members (409), bad input (400), owners invited by non-owners and members inviting (403)', async () => {
      const before = (await t.db.query('SELECT 1 FROM invites')).rowCount;
      expect((await invite(member.email)).status).toBe(409);
      expect((await invite('x@example.com', 'tsar')).body.error.reason).toMatch(/^body\/role/);
      expect((await invite('nobody')).body.error.reason).toMatch(/^body\/email/);
      await t.http
        .post(`/api/admin/orgs/${orgId}/join`)
        .set(await t.as(admin))
        .send({ role: 'admin' });
      await t.db.query(`UPDATE users SET global_role = 'user' WHERE identity_id = $1`, [admin.id]);
      expect((await invite('boss@example.com', 'owner', admin)).status).toBe(403);
      expect((await invite('ok@example.com', 'member', admin)).status).toBe(201);
      await t.db.query(`UPDATE users SET global_role = 'admin' WHERE identity_id = $1`, [admin.id]);
      const byMember = await invite('friend@example.com', 'member', member);
      expect(byMember.status).toBe(403);
      expect(byMember.body.error.details.missing).toEqual(['org:invites:manage']);
      expect((await t.db.query('SELECT 1 FROM invites')).rowCount).toBe(before + 1);
    });

    it('lists invites by status and address, to members who may read them', async () => {
      const all = await t.http.get(`/api/orgs/${orgId}/invites`).set(await t.as(member));
      expect(all.body.total).toBe(4);
      const cancelled = await t.http.get(`/api/orgs/${orgId}/invites?status=cancelled`).set(await t.as(owner));
      expect(cancelled.body.items.map((i: { email: string }) => i.email)).toEqual(['twice@example.com']);
      const q = await t.http.get(`/api/orgs/${orgId}/invites?q=new.person`).set(await t.as(owner));
      expect(q.body.total).toBe(1);
      expect(q.body.items[0].link).toBeUndefined();
      expect((await t.http.get(`/api/orgs/${orgId}/invites?status=lost`).set(await t.as(owner))).status).toBe(400);
      const outsider = await t.newUser('outsider');
      expect((await t.http.get(`/api/orgs/${orgId}/invites`).set(await t.as(outsider))).status).toBe(403);
    });
  });

  describe('answering', () => {
    it('validates a link without a session: organisation, role, whether the address has an account', async () => {
      const res = await invite('fresh@example.com', 'member');
      const v = await t.http.get(`/api/validate?token=${tokenOf(res.body.link)}`);
      expect(v.status).toBe(200);
      expect(v.body).toMatchObject({
        valid: true,
        status: 'pending',
        email: 'fresh@example.com',
        role: 'member',
        orgId,
        orgName: 'Invite Org',
        invitedBy: 'owner Tester',
        accountExists: false,
      });
      expect((await t.http.get('/api/validate?token=unknown-token-0123456789')).status).toBe(404);
      expect((await t.http.get('/api/validate')).body.error.reason).toBe('querystring/token: is required');
    });

    it('registers a new account from an invite: verified address, password, membership; once', async () => {
      const { link, id } = (await invite('newbie@example.com', 'viewer')).body;
      const token = tokenOf(link);
      const short = await t.http.post('/api/register').send({ token, password: 'short' });
      expect(short.body.error.reason).toMatch(/^body\/password/);
      const res = await t.http.post('/api/register').send({ token, password: 'a long enough password', firstName: 'New', lastName: 'Bie' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orgId, email: 'newbie@example.com', firstName: 'New', role: 'viewer' });
      expect(await statusOf(id)).toBe('accepted');
      const feed = await t.http.get(`/api/orgs/${orgId}/notifications`).set(await t.as(owner));
      expect(feed.body.items[0]).toMatchObject({
        kind: 'invite.accepted',
        title: 'New Bie joined the organisation',
        data: { inviteId: id, userId: res.body.userId, role: 'viewer', name: 'New Bie' },
      });
      const { data } = await t.identities.getIdentity({ id: res.body.userId });
      expect(data.verifiable_addresses?.[0]).toMatchObject({ value: 'newbie@example.com', verified: true });
      const again = await t.http.post('/api/register').send({ token, password: 'a long enough password' });
      expect(again.status).toBe(409);
      expect(again.body.error.reason).toBe('This invite is accepted');
      const perms = await t.http.get(`/api/orgs/${orgId}/permissions`).set(await t.as(res.body.userId));
      expect(perms.body).toContainEqual({ id: 'org:read' });
    });

    it('refuses to register an address that already has an account (409), keeping the invite pending', async () => {
      const existing = await t.newIdentity('existing');
      const { link, id } = (await invite(existing.email)).body;
      expect((await t.http.get(`/api/validate?token=${tokenOf(link)}`)).body.accountExists).toBe(true);
      const res = await t.http.post('/api/register').send({ token: tokenOf(link), password: 'a long enough password' });
      expect(res.status).toBe(409);
      expect(await statusOf(id)).toBe('pending');

      // Signed in as that address, they join instead.
      const wrong = await t.http
        .post('/api/join')
        .set(await t.as(member))
        .send({ token: tokenOf(link) });
      expect(wrong.status).toBe(403);
      const joined = await t.http
        .post('/api/join')
        .set(await t.as(existing))
        .send({ token: tokenOf(link) });
      expect(joined.status).toBe(201);
      expect(joined.body).toMatchObject({ orgId, userId: existing.id, role: 'member' });
      expect(await statusOf(id)).toBe('accepted');
      expect(
        (
          await t.http
            .post('/api/join')
            .set(await t.as(existing))
            .send({ token: tokenOf(link) })
        ).status,
      ).toBe(409);
      expect((await t.http.post('/api/join').send({ token: tokenOf(link) })).status).toBe(401);
    });

    it('joins right after signing up with the identity service, setting the names', async () => {
      const signedUp = await t.newIdentity('signedup');
      const { link, id } = (await invite(signedUp.email, 'admin')).body;
      const res = await t.http
        .post('/api/registerjoin')
        .set(await t.as(signedUp))
        .send({ token: tokenOf(link), firstName: 'Ada', lastName: 'Lovelace' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ role: 'admin', firstName: 'Ada', lastName: 'Lovelace' });
      expect((await t.identities.getIdentity({ id: signedUp.id })).data.traits).toMatchObject({ name: { first: 'Ada', last: 'Lovelace' } });
      expect(await statusOf(id)).toBe('accepted');
      expect(
        (
          await t.http
            .post('/api/registerjoin')
            .set(await t.as(signedUp))
            .send({ token: 'unknown-token-0123456789' })
        ).status,
      ).toBe(404);
      expect(
        (
          await t.http
            .post('/api/registerjoin')
            .set(await t.as(signedUp))
            .send({ token: tokenOf(link), nickname: 'x' })
        ).status,
      ).toBe(400);
    });

    it('is declined, and then neither joins nor registers', async () => {
      const decliner = await t.newIdentity('decliner');
      const { link, id } = (await invite(decliner.email)).body;
      expect(
        (
          await t.http
            .post('/api/join')
            .set(await t.as(decliner))
            .send({ token: tokenOf(link), accept: false })
        ).status,
      ).toBe(204);
      expect(await statusOf(id)).toBe('declined');
      expect((await t.db.query(`SELECT 1 FROM notifications WHERE data->>'inviteId' = $1`, [id])).rowCount).toBe(0);
      expect(
        (
          await t.http
            .post('/api/join')
            .set(await t.as(decliner))
            .send({ token: tokenOf(link) })
        ).status,
      ).toBe(409);
      expect((await t.db.query('SELECT 1 FROM org_members WHERE user_id = $1', [decliner.id])).rowCount).toBe(0);
    });

    it('expires after its lifetime', async () => {
      const { link, id } = (await invite('late@example.com')).body;
      await t.db.query(`UPDATE invites SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
      expect((await t.http.get(`/api/validate?token=${tokenOf(link)}`)).body).toMatchObject({ valid: false, status: 'expired' });
      expect((await t.http.post('/api/register').send({ token: tokenOf(link), password: 'a long enough password' })).status).toBe(409);
      expect(await statusOf(id)).toBe('expired');
      const { data } = await t.identities.listIdentities({ credentialsIdentifier: 'late@example.com' });
      expect(data).toEqual([]);
    });

    it('becomes removed when the member it brought in is removed', async () => {
      const leaver = await t.newIdentity('leaver');
      const { link, id } = (await invite(leaver.email)).body;
      await t.http
        .post('/api/join')
        .set(await t.as(leaver))
        .send({ token: tokenOf(link) });
      expect((await t.http.delete(`/api/orgs/${orgId}/users/${leaver.id}`).set(await t.as(owner))).status).toBe(204);
      expect(await statusOf(id)).toBe('removed');
    });
  });

  describe('cancelling', () => {
    const cancel = async (id: string, by: TestUser = owner, inOrg = orgId) => t.http.delete(`/api/orgs/${inOrg}/invites/${id}`).set(await t.as(by));

    it('cancels a pending invite: its link stops working', async () => {
      const { link, id } = (await invite('taken-back@example.com')).body;
      const res = await cancel(id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, orgId, email: 'taken-back@example.com', status: 'cancelled' });
      expect(await statusOf(id)).toBe('cancelled');
      expect((await t.http.get(`/api/validate?token=${tokenOf(link)}`)).body).toMatchObject({ valid: false, status: 'cancelled' });
      expect((await t.http.post('/api/register').send({ token: tokenOf(link), password: 'a long enough password' })).status).toBe(409);
    });

    it("answers 404 for an unknown invite and for another organisation's", async () => {
      expect((await cancel('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await cancel('not-an-id')).status).toBe(404);
      const otherOrg = (
        await t.http
          .post('/api/admin/orgs')
          .set(await t.as(admin))
          .send({ name: 'Other Invite Org', ownerId: owner.id })
      ).body.id;
      const elsewhere = (
        await t.http
          .post(`/api/orgs/${otherOrg}/invite`)
          .set(await t.as(owner))
          .send({ email: 'elsewhere@example.com' })
      ).body;
      expect((await cancel(elsewhere.id)).status).toBe(404);
      expect(await statusOf(elsewhere.id)).toBe('pending');
      expect((await cancel(elsewhere.id, owner, otherOrg)).status).toBe(200);
    });

    it('answers 409 for an invite that is no longer pending, changing nothing', async () => {
      const cancelled = (await invite('twice-cancelled@example.com')).body;
      expect((await cancel(cancelled.id)).status).toBe(200);
      const again = await cancel(cancelled.id);
      expect(again.status).toBe(409);
      expect(again.body.error.reason).toMatch(/cancelled/);
      const expired = (await invite('gone-stale@example.com')).body;
      await t.db.query(`UPDATE invites SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.id]);
      const late = await cancel(expired.id);
      expect(late.status).toBe(409);
      expect(late.body.error.reason).toMatch(/expired/);
      expect(await statusOf(expired.id)).toBe('expired');
    });

    it('is forbidden to a viewer (403), leaving the invite pending', async () => {
      const viewer = await t.newUser('viewer');
      await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [orgId, viewer.id]);
      const { id } = (await invite('kept-pending@example.com')).body;
      const res = await cancel(id, viewer);
      expect(res.status).toBe(403);
      expect(res.body.error.details.missing).toEqual(['org:invites:manage']);
      expect(await statusOf(id)).toBe('pending');
    });
  });
});
