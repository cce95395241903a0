/**
 * The refusals the gateway answers itself reach the API's audit trail: a missing permission, a
 * CSRF refusal and a rate limit, each counted per actor per minute, sent as one signed report.
 * The attacks first: a report from anyone but the gateway — unsigned, forged, signed for another
 * body, stale, an identity assertion in its place, replayed, or sent from outside through the
 * gateway — records nothing. On PGlite and on PostgreSQL, with the real API behind a real gateway.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertionKey, signIdentityAssertion } from '../../../shared/identity-assertion.js';
import { REFUSAL_REPORT_HEADER, REFUSAL_REPORT_PATH, signRefusalReport } from '../../../server/audit/refusal-report.js';
import { verifyAuditChain } from '../../../server/audit/chain.js';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from '../api/support/api-instance.js';
import { browserWrite, startHarness, type Harness } from '../support/gateway.js';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.js';
import { startTcpRelay } from '../support/tcp-relay.js';
import { readTrail } from '../audit/read-trail.js';

interface RefusalRow {
  action: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  actor_address: string | null;
  outcome: string;
  request_id: string | null;
  details: { count: number; minute: string; routes: string[]; origins?: string[]; source: string };
}

describe.each(BACKENDS)('refusals the gateway answers, on %s', (backend) => {
  let t: TestApi;
  let h: Harness;
  let identity: FakeIdentity;
  let outsider: TestUser;
  const cookie = 'ory_kratos_session=outsider-session';

  const refusals = () => readTrail<RefusalRow>(t.db, `SELECT * FROM audit_events WHERE action LIKE 'refusal.%' ORDER BY seq`);
  const report = async (body: string, sign: (body: string) => Promise<string> = (b) => signRefusalReport(assertionKey(t.secret), b, randomUUID(), Math.floor(Date.now() / 1000))) =>
    t.http
      .post(REFUSAL_REPORT_PATH)
      .set('content-type', 'application/json')
      .set(REFUSAL_REPORT_HEADER, await sign(body))
      .send(body);
  const oneRefusal = (count = 1) =>
    JSON.stringify({ refusals: [{ action: 'refusal.csrf', minute: '2026-11-28T10:00', count, identityId: null, address: '198.51.100.7', routes: ['POST /api/admin/orgs'] }] });

  beforeAll(async () => {
    t = await startTestApi(backend);
    // The installation's first account is its administrator: the outsider comes second.
    await t.newUser('admin');
    outsider = await t.newUser('outsider');
    identity = await startFakeIdentity();
    identity.sessions.set('outsider-session', { token: 'outsider-session', id: randomUUID(), identityId: outsider.id });
    const port = (t.app.server.address() as AddressInfo).port;
    h = await startHarness({ apiUrl: `http://127.0.0.1:${port}`, assertionSecret: t.secret, identitySubmitsPerMinute: 2 }, {}, { identity });
  }, 90_000);
  afterAll(async () => {
    await h?.close();
    await identity?.close();
    await t?.close();
  });

  describe('attacks on the report', () => {
    it('refuses a report without a signature, with a forged one, or one signed over another body', async () => {
      const body = oneRefusal();
      const unsigned = await t.http.post(REFUSAL_REPORT_PATH).set('content-type', 'application/json').send(body);
      expect(unsigned.status).toBe(401);
      const forged = await report(body, (b) => signRefusalReport(assertionKey('not-the-gateway-secret-at-all-0000'), b, randomUUID(), Math.floor(Date.now() / 1000)));
      expect(forged.status).toBe(401);
      // A signature taken from a real report, sent with a body that claims more.
      const swapped = await report(oneRefusal(999), () => signRefusalReport(assertionKey(t.secret), body, randomUUID(), Math.floor(Date.now() / 1000)));
      expect(swapped.status).toBe(401);
      expect(swapped.body.error.reason).toContain('over another body');
      expect(await refusals()).toEqual([]);
    });

    it('refuses a stale report and an identity assertion passed off as one', async () => {
      const body = oneRefusal();
      const stale = await report(body, (b) => signRefusalReport(assertionKey(t.secret), b, randomUUID(), Math.floor(Date.now() / 1000) - 120));
      expect(stale.status).toBe(401);
      const assertion = await report(body, () =>
        signIdentityAssertion(assertionKey(t.secret), { sub: outsider.id, sid: randomUUID(), aal: 'aal1' }, Math.floor(Date.now() / 1000)),
      );
      expect(assertion.status).toBe(401);
      expect(await refusals()).toEqual([]);
    });

    it('records a report once: the same signed report again is a 409 and adds nothing', async () => {
      const before = (await refusals()).length;
      const body = oneRefusal(3);
      const token = await signRefusalReport(assertionKey(t.secret), body, randomUUID(), Math.floor(Date.now() / 1000));
      expect((await report(body, async () => token)).status).toBe(204);
      const replayed = await report(body, async () => token);
      expect(replayed.status).toBe(409);
      const rows = (await refusals()).slice(before);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'refusal.csrf',
        actor_type: 'anonymous',
        actor_address: '198.51.100.7',
        outcome: 'denied',
        details: { count: 3, source: 'gateway' },
      });
    });

    it('names the problem in a well-signed but malformed report, and records nothing', async () => {
      const before = (await refusals()).length;
      const bad = JSON.stringify({ refusals: [{ action: 'org.deleted', minute: 'now', count: 0, identityId: 'x', address: null, routes: [] }] });
      const res = await report(bad);
      expect(res.status).toBe(400);
      expect(res.body.error.reason).toMatch(/action|minute|count|identityId/);
      expect((await refusals()).length).toBe(before);
    });

    it('cannot be reached from outside through the gateway', async () => {
      const body = oneRefusal();
      const token = await signRefusalReport(assertionKey(t.secret), body, randomUUID(), Math.floor(Date.now() / 1000));
      for (const path of [REFUSAL_REPORT_PATH, `/api${REFUSAL_REPORT_PATH}`]) {
        const res = await request(h.gateway.server).post(path).set(browserWrite(cookie)).set(REFUSAL_REPORT_HEADER, token).set('content-type', 'application/json').send(body);
        expect(res.status, path).toBe(404);
      }
    });
  });

  it('records a missing permission, a CSRF refusal and a rate limit: one event per actor and minute, however many', async () => {
    const start = (await refusals()).length;
    const gateway = () => request(h.gateway.server);
    for (let i = 0; i < 4; i++) expect((await gateway().get('/api/admin/users').set('cookie', cookie)).status).toBe(403);
    expect((await gateway().delete(`/api/orgs/${randomUUID()}`).set(browserWrite(cookie))).status).toBe(403);
    for (let i = 0; i < 3; i++) {
      const forged = await gateway()
        .post('/api/admin/orgs')
        .set('cookie', `${cookie}; XSRF-TOKEN=a`)
        .set('x-xsrf-token', 'a')
        .set('origin', 'https://evil.example')
        .send({ name: 'Forged' });
      expect(forged.status).toBe(403);
    }
    for (let i = 0; i < 3; i++) await gateway().post('/.ory/self-service/login?flow=x').set('accept', 'application/json').send({ method: 'password' });
    expect((await gateway().post('/.ory/self-service/login?flow=x').set('accept', 'application/json').send({ method: 'password' })).status).toBe(429);

    await h.gateway.refusalReports.flush();
    await t.app.auditRefusals!.flush();
    const rows = (await refusals()).slice(start);
    const of = (action: string) => rows.filter((row) => row.action === action);
    // One event for the five, and none from the API, which never saw them.
    expect(of('refusal.permission_denied')).toHaveLength(1);
    expect(of('refusal.permission_denied')[0]).toMatchObject({
      actor_type: 'identity',
      actor_id: outsider.id,
      actor_name: outsider.email,
      outcome: 'denied',
      details: { count: 5, source: 'gateway' },
    });
    expect(of('refusal.permission_denied')[0]!.details.routes).toEqual(['GET /api/admin/users', 'DELETE /api/orgs/:orgId']);
    expect(of('refusal.csrf')).toHaveLength(1);
    expect(of('refusal.csrf')[0]).toMatchObject({ actor_id: outsider.id, details: { count: 3, origins: ['https://evil.example'], routes: ['POST /api/admin/orgs'] } });
    expect(of('refusal.rate_limited')).toHaveLength(1);
    expect(of('refusal.rate_limited')[0]).toMatchObject({ actor_type: 'anonymous', actor_address: expect.stringMatching(/127\.0\.0\.1/), details: { count: 2 } });
    // Nothing of the session cookie or the XSRF token reached the trail.
    expect(JSON.stringify(rows)).not.toMatch(/outsider-session|XSRF/);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('keeps what it counted while the API is away, and sends it once the API answers again', async () => {
    const relay = await startTcpRelay({ host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port });
    const away = await startHarness({ apiUrl: `http://127.0.0.1:${relay.port}`, assertionSecret: t.secret }, {}, { identity });
    const forged = () => request(away.gateway.server).post('/api/admin/orgs').set('origin', 'https://evil.example').send({});
    const start = (await refusals()).length;
    try {
      await relay.cut();
      for (let i = 0; i < 2; i++) expect((await forged()).status).toBe(403);
      await away.gateway.refusalReports.flush();
      expect(away.logs.join('')).toContain('refusals could not be sent to the audit trail');
      expect((await refusals()).slice(start)).toEqual([]);
      await relay.restore();
      expect((await forged()).status).toBe(403);
      await away.gateway.refusalReports.flush();
      // Same address, same minute: the two kept and the new one are one event.
      expect((await refusals()).slice(start).map((row) => [row.action, row.details.count])).toEqual([['refusal.csrf', 3]]);
      expect((await verifyAuditChain(t.db)).ok).toBe(true);
    } finally {
      await away.close();
      await relay.close();
    }
  });

  it('sends nothing when nothing was refused, and keeps a flood to one event', async () => {
    const start = (await refusals()).length;
    await h.gateway.refusalReports.flush();
    expect((await refusals()).length).toBe(start);
    await Promise.all(Array.from({ length: 200 }, () => request(h.gateway.server).get('/api/admin/users').set('cookie', cookie)));
    await h.gateway.refusalReports.flush();
    const added = (await refusals()).slice(start);
    expect(added).toHaveLength(1);
    expect(added[0]!.details.count).toBe(200);
  });
});
