/**
 * The audit trail of `/api`: each change and its event commit together, the chain finds an edited
 * and a deleted row, no secret reaches the table, and the administration routes list, export and
 * verify it — on PGlite and on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { TEST_DATABASE_URL } from '../db/support.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvent, AUDIT_APPEND_FUNCTION_SQL, AUDIT_INBOX_EVENT_SQL, AUDIT_INBOX_SQL, AUDIT_STORE_SQL, verifyAuditChain } from '../../../server/audit/chain.js';
import { readTrail } from '../audit/read-trail.js';
import { runAuditRetention } from '../../../server/api/audit/retention.js';
import { addToInventory } from '../../../server/api/devices/inventory.js';
import { ROUTE_AUDIT } from '../../../server/api/audit/route-actions.js';
import { trailSchema } from '../../../server/api/audit/trails.js';
import { quoteIdentifier } from '../../../server/db/schema-name.js';
import { API_ROUTE_POLICY } from '../../../shared/api-route-policy.js';
import { isAuditAction } from '../../../shared/audit-actions.js';

/** `npm run audit:verify -- --schema …` against the test database. */
function verifyCommand(schema: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', '--schema', schema], { env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL } }, (err, stdout) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
    );
  });
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** Unsafe routes that change nothing. */
const READ_ONLY_POSTS = new Set(['POST /api/admin/audit/verify']);

describe('the route table of the audit trail', () => {
  it('names an action for every unsafe route of the policy, and only listed actions', () => {
    const unsafe = API_ROUTE_POLICY.filter((row) => row.method !== 'GET').map((row) => `${row.method} ${row.path}`);
    expect(unsafe.filter((route) => !ROUTE_AUDIT[route] && !READ_ONLY_POSTS.has(route))).toEqual([]);
    for (const spec of Object.values(ROUTE_AUDIT)) expect(isAuditAction(spec.action)).toBe(true);
  });
});
import { BACKENDS, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

interface EventRow {
  seq: number;
  action: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  actor_address: string | null;
  target_type: string | null;
  target_id: string | null;
  target_name: string;
  org_id: string | null;
  outcome: string;
  request_id: string | null;
  details: Record<string, unknown>;
}

describe.each(BACKENDS)('the audit trail on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;
  let owner: TestUser;
  let orgId: string;

  const events = (action?: string) => readTrail<EventRow>(t.db, `SELECT * FROM audit_events ${action ? 'WHERE action = $1' : ''} ORDER BY seq`, action ? [action] : []);

  beforeAll(async () => {
    t = await startTestApi(backend);
    admin = await t.newUser('admin');
    owner = await t.newUser('owner');
  }, 90_000);
  afterAll(async () => t?.close());

  it('records a created organisation with its actor, address, target, organisation and request id', async () => {
    const res = await t.http
      .post('/api/admin/orgs')
      .set(await t.as(admin))
      .set('x-forwarded-for', '203.0.113.7')
      .set('x-request-id', 'req-create-org')
      .send({ name: 'Audited GmbH', ownerId: owner.id });
    expect(res.status).toBe(201);
    orgId = res.body.id;
    const [event] = await events('org.created');
    expect(event).toMatchObject({
      actor_type: 'identity',
      actor_id: admin.id,
      actor_name: admin.email,
      actor_address: '203.0.113.7',
      target_type: 'org',
      target_id: orgId,
      target_name: 'Audited GmbH',
      org_id: orgId,
      outcome: 'success',
      request_id: 'req-create-org',
    });
    expect(event!.details.fields).toEqual(expect.arrayContaining(['name', 'ownerId']));
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('records a role change with the new role, in the organisation', async () => {
    expect(
      (
        await t.http
          .post(`/api/admin/orgs/${orgId}/join`)
          .set(await t.as(admin))
          .send({})
      ).status,
    ).toBeLessThan(300);
    const res = await t.http
      .put(`/api/orgs/${orgId}/users/${admin.id}`)
      .set(await t.as(owner))
      .send({ role: 'viewer' });
    expect(res.status).toBe(200);
    const [joined] = await events('org.admin_joined');
    expect(joined).toMatchObject({ actor_id: admin.id, target_id: orgId, org_id: orgId });
    const [changed] = await events('org.member.role_changed');
    expect(changed).toMatchObject({ actor_id: owner.id, target_type: 'user', target_id: admin.id, target_name: 'admin Tester', org_id: orgId, details: { role: 'viewer' } });
  });

  it("names a person as their change left them, although a person's name is kept a minute", async () => {
    const renamed = await t.http
      .put(`/api/admin/users/${admin.id}`)
      .set(await t.as(admin))
      .send({ lastName: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(
      (
        await t.http
          .put(`/api/orgs/${orgId}/users/${admin.id}`)
          .set(await t.as(owner))
          .send({ role: 'member' })
      ).status,
    ).toBe(200);
    expect(await events('user.changed')).toMatchObject([{ target_id: admin.id, target_name: 'admin Renamed' }]);
    expect((await events('org.member.role_changed')).map((e) => e.target_name)).toEqual(['admin Tester', 'admin Renamed']);
  });

  it('records no change for a role set to the one the member already has', async () => {
    const before = await events('org.member.role_changed');
    const res = await t.http
      .put(`/api/orgs/${orgId}/users/${admin.id}`)
      .set(await t.as(owner))
      .send({ role: 'member' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('member');
    expect(await events('org.member.role_changed')).toHaveLength(before.length);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('records a project created, changed and deleted, the deletion with the name it had', async () => {
    const created = await t.http
      .post(`/api/orgs/${orgId}/projects`)
      .set(await t.as(owner))
      .send({ name: 'Tower A' });
    expect(created.status).toBe(201);
    const projectId = created.body.id as string;
    expect(
      (
        await t.http
          .put(`/api/projects/${projectId}`)
          .set(await t.as(owner))
          .send({ name: 'Tower B' })
      ).status,
    ).toBe(200);
    expect((await t.http.delete(`/api/projects/${projectId}`).set(await t.as(owner))).status).toBe(204);
    expect(await events('project.created')).toMatchObject([{ target_id: projectId, target_name: 'Tower A', org_id: orgId }]);
    expect(await events('project.changed')).toMatchObject([{ target_id: projectId, target_name: 'Tower B', org_id: orgId, details: { fields: ['name'] } }]);
    expect(await events('project.deleted')).toMatchObject([{ target_id: projectId, target_name: 'Tower B', org_id: orgId }]);
  });

  it('a change that fails leaves no event, and a change whose event cannot be written is not made', async () => {
    const before = (await events()).length;
    // Fails at commit, after both the organisation's row and its event were written.
    await t.db.exec(`
      CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.name = 'Doomed' THEN RAISE EXCEPTION 'doomed'; END IF; RETURN NEW; END $$;
      CREATE CONSTRAINT TRIGGER refuse_doomed AFTER INSERT ON orgs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_doomed();
    `);
    const doomed = await t.http
      .post('/api/admin/orgs')
      .set(await t.as(admin))
      .send({ name: 'Doomed' });
    expect(doomed.status).toBe(500);
    expect((await t.db.query(`SELECT 1 FROM orgs WHERE name = 'Doomed'`)).rowCount).toBe(0);
    expect((await events()).length).toBe(before);
    await t.db.exec('DROP TRIGGER refuse_doomed ON orgs; DROP FUNCTION refuse_doomed()');

    // The other way round: the event cannot be written, so the change does not happen.
    await t.db.exec(`
      CREATE FUNCTION refuse_events() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no events today'; END $$;
      CREATE TRIGGER refuse_events BEFORE INSERT ON audit_inbox FOR EACH ROW EXECUTE FUNCTION refuse_events();
    `);
    const unrecorded = await t.http
      .post('/api/admin/orgs')
      .set(await t.as(admin))
      .send({ name: 'Unrecorded' });
    expect(unrecorded.status).toBe(500);
    expect((await t.db.query(`SELECT 1 FROM orgs WHERE name = 'Unrecorded'`)).rowCount).toBe(0);
    await t.db.exec('DROP TRIGGER refuse_events ON audit_inbox; DROP FUNCTION refuse_events()');
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('sends a lone write with its event: the event names the target as the write left it, and neither goes without the other', async () => {
    const project = await t.http
      .post(`/api/orgs/${orgId}/projects`)
      .set(await t.as(owner))
      .send({ name: 'Lone A' });
    const rival = await t.http
      .post(`/api/orgs/${orgId}/projects`)
      .set(await t.as(owner))
      .send({ name: 'Lone Rival' });
    const projectId = project.body.id as string;
    const rename = async (name: string, id = projectId) =>
      (
        await t.http
          .put(`/api/projects/${id}`)
          .set(await t.as(owner))
          .send({ name })
      ).status;
    const changed = async () => (await events('project.changed')).filter((event) => event.target_id === projectId);

    expect(await rename('Lone B')).toBe(200);
    expect(await changed()).toMatchObject([{ target_name: 'Lone B', org_id: orgId, actor_id: owner.id, details: { fields: ['name'] } }]);
    // Refused by the database (a taken name): neither the change nor an event.
    expect(await rename(rival.body.name)).toBe(409);
    // The event cannot be written: the change is not made either.
    await t.db.exec(`
      CREATE FUNCTION refuse_events() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no events today'; END $$;
      CREATE TRIGGER refuse_events BEFORE INSERT ON audit_inbox FOR EACH ROW EXECUTE FUNCTION refuse_events();
    `);
    expect(await rename('Lone C')).toBe(500);
    await t.db.exec('DROP TRIGGER refuse_events ON audit_inbox; DROP FUNCTION refuse_events()');
    expect((await t.db.query<{ name: string }>('SELECT name FROM projects WHERE id = $1', [projectId])).rows).toEqual([{ name: 'Lone B' }]);
    expect(await changed()).toHaveLength(1);
    expect(await rename('Lone D')).toBe(200);
    expect((await changed()).map((event) => event.target_name)).toEqual(['Lone B', 'Lone D']);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('a refused change (409) records nothing', async () => {
    const before = (await events()).length;
    expect(
      (
        await t.http
          .post('/api/admin/orgs')
          .set(await t.as(admin))
          .send({ name: 'audited gmbh' })
      ).status,
    ).toBe(409);
    expect((await events()).length).toBe(before);
  });

  it('never stores a password, claim code, invitation token, share token or recovery code', async () => {
    const secrets: string[] = [];
    // An invitation's token, and the password of the account made from it.
    const invited = await t.http
      .post(`/api/orgs/${orgId}/invite`)
      .set(await t.as(owner))
      .send({ email: 'secret-keeper@example.com', role: 'member' });
    expect(invited.status).toBe(201);
    const inviteToken = tokenOf(invited.body.link);
    const password = `pw-${randomUUID()}`;
    secrets.push(inviteToken, password);
    const registered = await t.http.post('/api/register').send({ token: inviteToken, password, firstName: 'Secret', lastName: 'Keeper' });
    expect(registered.status).toBe(201);
    // A device's claim code and the upload token it is answered with.
    const claimCode = `CLAIM-${randomUUID().slice(0, 8)}`;
    await addToInventory(t.db, [{ serial: 'AUD-0001', model: 'AP-200', claimCode }], new Date());
    const device = await t.http
      .post(`/api/orgs/${orgId}/devices/register`)
      .set(await t.as(owner))
      .send({ serial: 'AUD-0001', claimCode, name: 'Lobby' });
    expect(device.status).toBe(201);
    secrets.push(claimCode, device.body.uploadToken ?? device.body.token);
    // A share link's token.
    const project = await t.http
      .post(`/api/orgs/${orgId}/projects`)
      .set(await t.as(owner))
      .send({ name: 'Shared' });
    const share = await t.http
      .post(`/api/projects/${project.body.id}/shares`)
      .set(await t.as(owner))
      .send({ label: 'For the client' });
    expect(share.status).toBe(201);
    secrets.push(share.body.token);
    // A recovery link and code issued by an administrator.
    const recovery = await t.http
      .put(`/api/admin/users/${owner.id}/recovery`)
      .set(await t.as(admin))
      .send({ method: 'code' });
    expect(recovery.status).toBe(200);
    const link = recovery.body.link as string | undefined;
    secrets.push(...[recovery.body.code, link && new URL(link).searchParams.get('token'), link].filter((s): s is string => Boolean(s)));
    expect(secrets.every(Boolean)).toBe(true);

    expect(await events('user.registered_from_invitation')).toMatchObject([{ actor_type: 'anonymous', target_name: 'Secret Keeper', org_id: orgId }]);
    expect(await events('device.registered')).toMatchObject([{ target_type: 'device', target_name: 'Lobby', org_id: orgId }]);
    expect(await events('project.share.created')).toMatchObject([{ target_name: 'For the client' }]);
    expect(await events('user.recovery_issued')).toMatchObject([{ target_id: owner.id, actor_id: admin.id }]);
    const table = JSON.stringify(await readTrail(t.db, 'SELECT * FROM audit_events'));
    for (const secret of secrets) expect(table).not.toContain(secret);
  });

  it('keeps one unforked chain under concurrent writers', async () => {
    const headers = await t.as(admin);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.http
          .post('/api/admin/orgs')
          .set(headers)
          .send({ name: `Parallel ${i}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const seqs = (await events()).map((e) => Number(e.seq));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true, checked: seqs.length });
  });

  it('counts refusals per actor per minute: one event, however many', async () => {
    const outsider = await t.newUser('prober');
    for (let i = 0; i < 5; i++) expect((await t.http.get('/api/admin/users').set(await t.as(outsider))).status).toBe(403);
    expect((await t.http.delete(`/api/orgs/${orgId}`).set(await t.as(outsider))).status).toBe(403);
    await t.app.auditRefusals!.flush();
    expect(await events('refusal.permission_denied')).toMatchObject([
      { actor_id: outsider.id, outcome: 'denied', target_type: null, details: { count: 6, routes: ['GET /api/admin/users', 'DELETE /api/orgs/:orgId'] } },
    ]);
  });

  describe('administration routes', () => {
    it('lists with filters and cursor paging, to global administrators', async () => {
      const headers = await t.as(admin);
      const first = await t.http.get('/api/admin/audit?group=organisation&limit=5').set(headers);
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(5);
      expect(first.body.items.every((e: { group: string }) => e.group === 'organisation')).toBe(true);
      const second = await t.http.get(`/api/admin/audit?group=organisation&limit=5&cursor=${first.body.next}`).set(headers);
      expect(second.body.items[0].seq).toBeLessThan(first.body.items[4].seq);
      const byActor = await t.http.get(`/api/admin/audit?actor=${owner.id}&action=project.created`).set(headers);
      expect(byActor.body.items.length).toBeGreaterThan(0);
      expect(byActor.body.items.every((e: { actor: { id: string } }) => e.actor.id === owner.id)).toBe(true);
      const byTarget = await t.http.get(`/api/admin/audit?target=${orgId}&outcome=success`).set(headers);
      expect(byTarget.body.items.map((e: { action: string }) => e.action)).toContain('org.created');
      const mine = await t.http.get(`/api/admin/audit?subject=${admin.id}&limit=200`).set(headers);
      expect(mine.body.items.some((e: { target: { id: string } | null }) => e.target?.id === admin.id)).toBe(true);
      const none = await t.http.get(`/api/admin/audit?from=${new Date(Date.now() + 3_600_000).toISOString()}`).set(headers);
      expect(none.body).toEqual({ items: [], next: null });
      expect((await t.http.get('/api/admin/audit').set(await t.as(owner))).status).toBe(403);
    });

    it("lets an organisation's owner read only its events", async () => {
      const res = await t.http.get(`/api/orgs/${orgId}/audit?limit=200`).set(await t.as(owner));
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeGreaterThan(3);
      expect(res.body.items.every((e: { orgId: string }) => e.orgId === orgId)).toBe(true);
      const outsider = await t.newUser('outsider');
      expect((await t.http.get(`/api/orgs/${orgId}/audit`).set(await t.as(outsider))).status).toBe(403);
    });

    it('exports the range as JSON lines and as CSV, and records the export', async () => {
      const headers = await t.as(admin);
      const jsonl = await t.http.get('/api/admin/audit/export?format=jsonl&group=project').set(headers);
      expect(jsonl.status).toBe(200);
      expect(jsonl.headers['content-type']).toMatch(/application\/x-ndjson/);
      const lines = jsonl.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.every((e) => e.group === 'project')).toBe(true);
      expect(lines.map((e) => e.seq)).toEqual([...lines.map((e) => e.seq)].sort((a, b) => a - b));
      const csv = await t.http.get(`/api/orgs/${orgId}/audit/export?format=csv`).set(await t.as(owner));
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const rows = csv.text.trim().split('\n');
      expect(rows[0]).toBe('seq,at,actor_type,actor_id,actor_name,actor_address,action,group,target_type,target_id,target_name,org_id,outcome,request_id,details,hash');
      expect(rows.length).toBeGreaterThan(3);
      expect(await events('audit.exported')).toMatchObject([
        { actor_id: admin.id, details: { format: 'jsonl', group: 'project' } },
        { actor_id: owner.id, org_id: orgId, details: { format: 'csv' } },
      ]);
    });

    it("reads an embedded service's trail beside the API's, and says when a service keeps its trail elsewhere", async () => {
      const headers = await t.as(admin);
      const absent = await t.http.get('/api/admin/audit?trail=oauth2').set(headers);
      expect(absent.status).toBe(404);
      expect(absent.body.error.reason).toMatch(/oauth2 service keeps no audit trail in this database/);
      expect((await t.http.get('/api/admin/audit?trail=nobody').set(headers)).status).toBe(400);

      // The OAuth2 provider's store, as its migration makes it, in the schema it takes beside this API's.
      const schema = trailSchema(t.db.schema, 'oauth2');
      await t.db.transaction(async (tx) => {
        await tx.exec(
          `CREATE SCHEMA ${quoteIdentifier(schema)}; SET LOCAL search_path TO ${quoteIdentifier(schema)}; ${AUDIT_STORE_SQL}; ${AUDIT_APPEND_FUNCTION_SQL}; ${AUDIT_INBOX_SQL}; ${AUDIT_INBOX_EVENT_SQL}`,
        );
        await appendAuditEvent(tx, {
          actor: { type: 'oauth2-client', id: 'reporting-app', name: 'Reporting app' },
          action: 'oauth2.token.issued',
          details: { grantType: 'client_credentials' },
        });
      });
      const listed = await t.http.get('/api/admin/audit?trail=oauth2').set(headers);
      expect(listed.status).toBe(200);
      expect(listed.body.items).toMatchObject([{ seq: 1, action: 'oauth2.token.issued', actor: { type: 'oauth2-client', name: 'Reporting app' } }]);
      const exported = await t.http.get('/api/admin/audit/export?trail=oauth2&format=jsonl').set(headers);
      expect(
        exported.text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).action),
      ).toEqual(['oauth2.token.issued']);
      expect((await t.http.post('/api/admin/audit/verify?trail=oauth2').set(headers)).body).toMatchObject({ ok: true, checked: 1, headSeq: 1 });
      // Organisations read their own events in the API's trail only.
      expect((await t.http.get(`/api/orgs/${orgId}/audit?trail=oauth2`).set(await t.as(owner))).status).toBe(400);
      expect((await t.http.get('/api/admin/audit?trail=oauth2').set(await t.as(owner))).status).toBe(403);
    });

    it('verifies the chain', async () => {
      const res = await t.http.post('/api/admin/audit/verify').set(await t.as(admin));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, baseSeq: 0 });
      expect(res.body.checked).toBe(res.body.headSeq);
    });
  });

  describe('tamper evidence', () => {
    it('retention removes old events from the start, moves the base and records its run', async () => {
      const later = new Date(Date.now() + 401 * 24 * 3600_000);
      const { removed, event } = await runAuditRetention(t.db, later, 400);
      expect(removed).toBeGreaterThan(10);
      expect(event).toMatchObject({ action: 'audit.retention.ran', actor: { type: 'system' }, details: { removed, days: 400 } });
      const left = await events();
      expect(left.map((e) => e.action)).toEqual(['audit.retention.ran']);
      const seq = Number(left[0]!.seq);
      expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true, checked: 1, baseSeq: seq - 1, headSeq: seq });
    });

    it('refuses UPDATE, DELETE and TRUNCATE to the application', async () => {
      await expect(t.db.query(`UPDATE audit_events SET target_name = 'x'`)).rejects.toThrow(/append-only/);
      await expect(t.db.query('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
      await expect(t.db.exec('TRUNCATE audit_events')).rejects.toThrow(/append-only/);
      // Nor events waiting to be sealed: the inbox gives them up to sealing alone. The event is
      // appended in the same transaction, so no sealer takes it first.
      const onAnEventWaiting = (sql: string) =>
        t.db.transaction(async (tx) => {
          await appendAuditEvent(tx, { actor: { type: 'system', name: 'test' }, action: 'audit.exported' });
          await tx.exec(sql);
        });
      await expect(onAnEventWaiting(`UPDATE audit_inbox SET event = 'x'`)).rejects.toThrow(/append-only/);
      await expect(onAnEventWaiting('DELETE FROM audit_inbox')).rejects.toThrow(/append-only/);
      await expect(onAnEventWaiting('TRUNCATE audit_inbox')).rejects.toThrow(/append-only/);
    });

    it('finds an edited row and a deleted row, naming the first broken link', async () => {
      const headers = await t.as(admin);
      for (const name of ['Edit 1', 'Edit 2', 'Edit 3']) expect((await t.http.post('/api/admin/orgs').set(headers).send({ name })).status).toBe(201);
      await t.db.exec('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
      try {
        // Events with a target, whose name the hash covers.
        const [, second, third] = (await events()).filter((e) => e.target_type);
        await t.db.query(`UPDATE audit_events SET target_name = 'Someone else' WHERE seq = $1`, [second!.seq]);
        expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, firstBroken: { seq: Number(second!.seq), reason: 'edited' } });
        if (backend === 'postgres') {
          // The command line says the same (on PGlite the running API holds the files).
          const cli = await verifyCommand(t.db.schema);
          expect(cli.code).toBe(1);
          expect(JSON.parse(cli.stdout)).toMatchObject({ ok: false, firstBroken: { seq: Number(second!.seq), reason: 'edited' } });
        }
        await t.db.query('UPDATE audit_events SET target_name = $1 WHERE seq = $2', [second!.target_name, second!.seq]);
        expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });

        await t.db.query('DELETE FROM audit_events WHERE seq = $1', [third!.seq]);
        const report = await t.http.post('/api/admin/audit/verify').set(await t.as(admin));
        expect(report.body).toMatchObject({ ok: false, firstBroken: { seq: Number(third!.seq), reason: 'missing' } });
        // The last row gone is found too: the chain's head names it.
        const { rows } = await t.db.query<{ seq: number }>('SELECT max(seq) AS seq FROM audit_events');
        await t.db.query('DELETE FROM audit_events WHERE seq = $1', [rows[0]!.seq]);
        expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, firstBroken: { seq: Number(third!.seq) } });
      } finally {
        await t.db.exec('ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only');
      }
    });
  });
});
