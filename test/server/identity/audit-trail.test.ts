/**
 * The identity service's audit trail: sign-in success and failure (method, AAL, address, user
 * agent), registration, a session revoked, sign-out everywhere, verification, recovery by code and
 * by link, settings changes
 * (password, profile and address, authenticator app, backup codes) and the admin API's changes
 * (identity created, changed, deleted, a credential removed, sessions revoked, recovery issued),
 * each read back from its own store with the chain intact — and never a password or code. Runs on PGlite and, in the
 * identity-postgres project, on PostgreSQL.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../server/audit/chain.js';
import { TestBrowser } from './support/browser.js';
import { login, node, PASSWORD, register, startFlow, submit } from './support/flows.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from './support/identity-instance.js';
import { lastCode, lastLink } from './support/mailbox.js';
import { readTrail } from '../audit/read-trail.js';

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
  actor_name: string;
  target_type: string | null;
  details: Record<string, any>;
}
const events = (action: string) => readTrail<Row>(identity.db, 'SELECT * FROM audit_events WHERE action = $1 ORDER BY seq', [action]);

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
    const table = JSON.stringify(await readTrail(identity.db, 'SELECT * FROM audit_events'));
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

describe('verification, settings and the admin API', () => {
  const typed: string[] = [PASSWORD];
  const admin = () => new TestBrowser(identity.adminUrl);
  const bearer = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
  const auth = { ...bearer, 'content-type': 'application/json' };
  const settingsOf = async (id: string) => (await events('account.settings.changed')).filter((event) => event.actor_id === id).map((event) => event.details);
  let b: TestBrowser;
  let id: string;
  let email: string;

  it('records an address verified, with the method, never the code', async () => {
    b = browser();
    email = `settings-audit-${Date.now()}@example.com`;
    const answer = await register(b, email);
    id = answer.body.identity.id;
    const verify = answer.body.continue_with[0];
    const flow = (await b.get(`/self-service/verification/flows?id=${verify.flow.id}`)).body;
    const code = await lastCode(identity, email);
    typed.push(code);
    expect((await submit(b, 'verification', flow, { method: 'code', code })).body.state).toBe('passed_challenge');
    expect((await events('account.verified')).filter((event) => event.actor_id === id)).toMatchObject([
      { actor_type: 'identity', target_id: id, outcome: 'success', details: { via: 'email', address: email, method: 'code' } },
    ]);
  });

  it('records an account recovered by a code and by a link, with the method, never the code or the link', async () => {
    const recovering = browser();
    const sent = await submit(recovering, 'recovery', await startFlow(recovering, 'recovery'), { method: 'code', email: address });
    const code = await lastCode(identity, address);
    const byCode = await submit(recovering, 'recovery', sent.body, { method: 'code', code });
    expect(byCode.body.state).toBe('passed_challenge');
    const following = browser();
    await submit(following, 'recovery', await startFlow(following, 'recovery'), { method: 'link', email: address });
    const link = await lastLink(identity, address);
    expect((await following.get(link, { json: false })).status).toBe(303);
    const recovered = await events('account.recovered');
    expect(recovered).toMatchObject([
      { actor_id: identityId, target_id: identityId, outcome: 'success', details: { method: 'code_recovery', aal: 'aal1', flow: 'browser' } },
      { actor_id: identityId, details: { method: 'link_recovery' } },
    ]);
    expect(recovered[0]!.actor_address).toMatch(/127\.0\.0\.1/);
    const table = JSON.stringify(recovered);
    expect(table).not.toContain(code);
    expect(table).not.toContain(new URL(link).searchParams.get('token'));
  });

  it('records the password and the profile changed: trait names, whether an address changed, never a value typed', async () => {
    const flow = await startFlow(b, 'settings');
    const newPassword = 'an audited passphrase 2026!';
    typed.push(newPassword);
    const changed = await submit(b, 'settings', flow, { method: 'password', password: newPassword });
    expect(changed.body.state).toBe('success');
    const renamed = await submit(b, 'settings', changed.body, { method: 'profile', traits: { email, name: { first: 'Grace', last: 'Hopper' } } });
    expect(renamed.body.state).toBe('success');
    // The same traits again change nothing and record nothing.
    expect((await submit(b, 'settings', renamed.body, { method: 'profile', traits: { email, name: { first: 'Grace', last: 'Hopper' } } })).body.state).toBe('success');
    const moved = `moved-${email}`;
    expect((await submit(b, 'settings', renamed.body, { method: 'profile', traits: { email: moved, name: { first: 'Grace', last: 'Hopper' } } })).body.state).toBe('success');
    email = moved;
    expect(await settingsOf(id)).toMatchObject([
      { method: 'password', change: 'changed' },
      { method: 'profile', change: 'changed', traits: ['name'], addresses: false },
      { method: 'profile', change: 'changed', traits: ['email'], addresses: true },
    ]);
  });

  it('records an authenticator app and backup codes added and removed, never the secret or the codes', async () => {
    const flow = await startFlow(b, 'settings');
    const secret = node(flow, 'totp_secret_key').attributes.text.context.secret;
    typed.push(secret);
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: identity.clock.now().getTime() });
    const linked = await submit(b, 'settings', flow, { method: 'totp', totp_code: code });
    expect(linked.body.state).toBe('success');
    const unlinked = await submit(b, 'settings', linked.body, { method: 'totp', totp_unlink: true });
    expect(unlinked.body.state).toBe('success');
    const generated = await submit(b, 'settings', unlinked.body, { method: 'lookup_secret', lookup_secret_regenerate: true });
    const codes = node(generated.body, 'lookup_secret_codes').attributes.text.context.secrets.map((item: any) => item.text);
    typed.push(...codes);
    const confirmed = await submit(b, 'settings', generated.body, { method: 'lookup_secret', lookup_secret_confirm: true });
    expect(confirmed.body.state).toBe('success');
    expect((await submit(b, 'settings', confirmed.body, { method: 'lookup_secret', lookup_secret_disable: true })).body.state).toBe('success');
    expect((await settingsOf(id)).slice(3)).toMatchObject([
      { method: 'totp', change: 'added' },
      { method: 'totp', change: 'removed' },
      { method: 'lookup_secret', change: 'added', codes: codes.length },
      { method: 'lookup_secret', change: 'removed' },
    ]);
  });

  it("records the admin API's changes to an identity as its own, with the caller's request id", async () => {
    const created = await admin().send(
      'POST',
      '/admin/identities',
      JSON.stringify({
        schema_id: 'default',
        traits: { email: `admin-made-${Date.now()}@example.com` },
        credentials: { password: { config: { password: 'an admin-set password 123' } } },
      }),
      {
        headers: { ...auth, 'x-request-id': 'req-audit-create' },
      },
    );
    typed.push('an admin-set password 123');
    expect(created.status).toBe(201);
    const made = created.body.id;
    expect(await events('user.created')).toMatchObject([
      {
        actor_type: 'system',
        actor_name: 'identity admin API',
        target_type: 'user',
        target_id: made,
        request_id: 'req-audit-create',
        details: { schema: 'default', credentials: ['password'] },
      },
    ]);
    const patched = await admin().send('PATCH', `/admin/identities/${made}`, JSON.stringify([{ op: 'replace', path: '/state', value: 'inactive' }]), { headers: auth });
    expect(patched.status).toBe(200);
    expect(await events('user.changed')).toMatchObject([{ target_id: made, details: { fields: ['state'], traits: [], state: 'inactive' } }]);

    const issued = await admin().send('POST', '/admin/recovery/code', JSON.stringify({ identity_id: id, expires_in: '15m' }), { headers: auth });
    expect(issued.status).toBe(201);
    typed.push(issued.body.recovery_code);
    expect(await events('user.recovery_issued')).toMatchObject([{ target_id: id, details: { kind: 'code' } }]);

    const other = browser();
    expect((await login(other, email, 'an audited passphrase 2026!')).status).toBe(200);
    const sessions = (await admin().get(`/admin/identities/${id}/sessions`, { headers: bearer })).body as { id: string; active: boolean }[];
    const one = sessions.find((session) => session.active)!;
    expect((await admin().send('DELETE', `/admin/sessions/${one.id}`, undefined, { headers: bearer })).status).toBe(204);
    expect(await events('user.session.revoked')).toMatchObject([{ target_id: id, details: { sessionId: one.id } }]);
    expect((await admin().send('DELETE', `/admin/identities/${id}/sessions`, undefined, { headers: bearer })).status).toBe(204);
    expect(await events('user.sessions.revoked')).toMatchObject([{ target_id: id, details: { sessions: expect.any(Number) } }]);

    expect((await admin().send('DELETE', `/admin/identities/${made}`, undefined, { headers: bearer })).status).toBe(204);
    expect((await admin().send('DELETE', `/admin/identities/${made}`, undefined, { headers: bearer })).status).toBe(404);
    expect(await events('user.deleted')).toMatchObject([{ target_id: made }]);
  });

  it('keeps the chain whole and none of the passwords, codes or secrets typed', async () => {
    expect(await verifyAuditChain(identity.db)).toMatchObject({ ok: true });
    const table = JSON.stringify(await readTrail(identity.db, 'SELECT * FROM audit_events'));
    for (const value of typed) expect(table).not.toContain(value);
    expect(typed.length).toBeGreaterThan(8);
  });
});
