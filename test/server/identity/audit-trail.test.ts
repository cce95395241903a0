/**
 * The identity service's audit trail: sign-in success and failure (method, AAL, address, user
 * agent), registration, a session revoked and sign-out everywhere, each read back from its own
 * store with the chain intact — and never the password. Runs on PGlite and, in the
 * identity-postgres project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../server/audit/chain.js';
import { TestBrowser } from './support/browser.js';
import { login, PASSWORD, register } from './support/flows.js';
import { startTestIdentity, type TestIdentity } from './support/identity-instance.js';

let identity: TestIdentity;
const browser = () => new TestBrowser(identity.publicUrl);
const address = `audited-${Date.now()}@example.com`;
let identityId: string;

interface Row {
  action: string;
  actor_type: string;
  actor_id: string | null;
  actor_address: string | null;
  target_id: string | null;
  outcome: string;
  details: Record<string, unknown>;
}
const events = async (action: string) => (await identity.db.query<Row>('SELECT * FROM audit_events WHERE action = $1 ORDER BY seq', [action])).rows;

beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

describe('account events', () => {
  it('records a registration with its method and the sign-in it gives', async () => {
    const answer = await register(browser(), address);
    expect(answer.status).toBe(200);
    identityId = answer.body.identity.id;
    expect(await events('account.registered')).toMatchObject([
      { actor_type: 'identity', actor_id: identityId, target_id: identityId, outcome: 'success', details: { method: 'password', aal: 'aal1' } },
    ]);
  });

  it('records a sign-in with method, assurance level, address and user agent', async () => {
    const answer = await login(browser(), address);
    expect(answer.status).toBe(200);
    const [event] = await events('account.signin.succeeded');
    expect(event).toMatchObject({ actor_id: identityId, outcome: 'success', details: { method: 'password', aal: 'aal1', flow: 'browser' } });
    expect(event!.actor_address).toMatch(/127\.0\.0\.1/);
    expect(typeof event!.details.userAgent).toBe('string');
  });

  it('records a refused sign-in with the name tried, never the password', async () => {
    const wrong = 'not the password at all 99';
    const answer = await login(browser(), address, wrong);
    expect(answer.status).toBe(400);
    const [event] = await events('account.signin.failed');
    expect(event).toMatchObject({ actor_type: 'anonymous', actor_id: null, outcome: 'failure', details: { method: 'password', identifier: address } });
    const table = JSON.stringify((await identity.db.query('SELECT * FROM audit_events')).rows);
    expect(table).not.toContain(wrong);
    expect(table).not.toContain(PASSWORD);
  });

  it('records a session revoked and sign-out everywhere', async () => {
    const first = browser();
    const second = browser();
    const third = browser();
    for (const b of [first, second, third]) expect((await login(b, address)).status).toBe(200);
    const sessions = await second.get('/sessions', { json: true });
    const other = (sessions.body as { id: string }[])[0]!.id;
    expect((await first.send('DELETE', `/sessions/${other}`, undefined, { json: true })).status).toBe(204);
    expect(await events('account.session.revoked')).toMatchObject([{ actor_id: identityId, details: { sessionId: other } }]);
    const everywhere = await first.send('DELETE', '/sessions', undefined, { json: true });
    expect(everywhere.status).toBe(200);
    expect(await events('account.signout.everywhere')).toMatchObject([{ actor_id: identityId, details: { sessions: everywhere.body.count } }]);
    expect(await verifyAuditChain(identity.db)).toMatchObject({ ok: true });
  });
});
