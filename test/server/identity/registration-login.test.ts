/**
 * Registration, verification, login and logout as the account interface drives them (browser
 * flows with JSON), plus the HTML-form variant and the protocol's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, TestBrowser } from './support/browser.js';
import { messageIds, node, PASSWORD, register, startFlow, submit } from './support/flows.js';
import { startTestIdentity, type TestIdentity } from './support/identity-instance.js';
import { lastCode } from './support/mailbox.js';

let identity: TestIdentity;
let n = 0;
const email = () => `user${++n}-${Date.now()}@example.com`;
const browser = () => new TestBrowser(identity.publicUrl);

beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

describe('registration', () => {
  it('offers the schema traits, a password and a code sign-up, with a masked CSRF token', async () => {
    const b = browser();
    const flow = await startFlow(b, 'registration');
    expect(flow.type).toBe('browser');
    expect(flow.ui.action).toBe(`${identity.publicUrl}/self-service/registration?flow=${flow.id}`);
    expect(node(flow, 'traits.email').attributes).toMatchObject({ type: 'email', required: true, autocomplete: 'email' });
    expect(node(flow, 'traits.email').meta.label).toMatchObject({ id: 1070002, context: { title: 'E-Mail', name: 'traits.email' } });
    expect(node(flow, 'password').attributes).toMatchObject({ type: 'password', autocomplete: 'new-password' });
    const submits = flow.ui.nodes.filter((x: any) => x.attributes.type === 'submit').map((x: any) => [x.attributes.value, x.meta.label.id]);
    expect(submits).toEqual([
      ['password', 1040001],
      ['code', 1040006],
    ]);
    expect(csrfOf(flow)).toHaveLength(88);
    expect(csrfOf(await (await b.get(`/self-service/registration/flows?id=${flow.id}`)).body)).not.toBe(csrfOf(flow));
  });

  it('signs the new identity in, and sends it to verify its address with a code', async () => {
    const b = browser();
    const address = email();
    const answer = await register(b, address);
    expect(answer.status).toBe(200);
    expect(answer.body.identity.traits).toEqual({ email: address, name: { first: 'Ada', last: 'Lovelace' } });
    expect(answer.body.session.identity.id).toBe(answer.body.identity.id);
    expect(answer.body.session.authentication_methods[0]).toMatchObject({ method: 'password', aal: 'aal1' });
    expect(answer.body.session_token).toBeUndefined();
    const [verify, redirect] = answer.body.continue_with;
    expect(verify).toMatchObject({ action: 'show_verification_ui', flow: { verifiable_address: address } });
    expect(redirect).toEqual({ action: 'redirect_browser_to', redirect_browser_to: 'http://ui.test/' });
    expect(b.cookies.get('ory_kratos_session')).toMatch(/^ory_st_/);

    const whoami = await b.get('/sessions/whoami');
    expect(whoami.status).toBe(200);
    expect(whoami.headers['x-kratos-authenticated-identity-id']).toBe(answer.body.identity.id);
    expect(whoami.body.identity.verifiable_addresses[0]).toMatchObject({ value: address, verified: false, status: 'sent' });

    const verification = (await b.get(`/self-service/verification/flows?id=${verify.flow.id}`)).body;
    expect(verification.state).toBe('sent_email');
    expect(messageIds(verification)).toContain(1080003);
    const done = await submit(b, 'verification', verification, { method: 'code', code: await lastCode(identity, address) });
    expect(done.status).toBe(200);
    expect(done.body.state).toBe('passed_challenge');
    expect(done.body.ui.messages[0].id).toBe(1080002);
    expect(node(done.body, 'continue').attributes.href).toBe('http://ui.test/');
    expect((await b.get('/sessions/whoami')).body.identity.verifiable_addresses[0]).toMatchObject({ verified: true, status: 'completed' });
  });

  it('reports every problem at once and keeps what was typed', async () => {
    const b = browser();
    const flow = await startFlow(b, 'registration');
    const answer = await submit(b, 'registration', flow, { method: 'password', traits: { email: 'not-an-address', name: { first: 'Ada' } }, password: 'short' });
    expect(answer.status).toBe(400);
    expect(node(answer.body, 'traits.email').messages[0]).toMatchObject({ id: 4000040, context: { value: 'not-an-address' } });
    expect(node(answer.body, 'traits.email').attributes.value).toBe('not-an-address');
    expect(node(answer.body, 'traits.name.first').attributes.value).toBe('Ada');
    expect(node(answer.body, 'password').messages[0].id).toBe(4000032);
  });

  it('refuses a breached password and one too close to the address', async () => {
    const b = browser();
    const flow = await startFlow(b, 'registration');
    const breached = await submit(b, 'registration', flow, { method: 'password', traits: { email: email() }, password: 'password1234' });
    expect(node(breached.body, 'password').messages[0].id).toBe(4000034);
    const address = email();
    const similar = await submit(b, 'registration', breached.body, { method: 'password', traits: { email: address }, password: address });
    expect(node(similar.body, 'password').messages[0].id).toBe(4000031);
  });

  it('refuses a second account for one address, case and spaces aside', async () => {
    const address = email();
    expect((await register(browser(), address)).status).toBe(200);
    const again = await register(browser(), `  ${address.toUpperCase()} `);
    expect(again.status).toBe(400);
    expect(again.body.ui.messages[0].id).toBe(4000007);
  });

  it('signs up with an e-mailed code instead of a password', async () => {
    const b = browser();
    const address = email();
    const flow = await startFlow(b, 'registration');
    const sent = await submit(b, 'registration', flow, { method: 'code', traits: { email: address } });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    expect(messageIds(sent.body)).toContain(1040005);
    expect(node(sent.body, 'traits.email').attributes.type).toBe('hidden');
    const wrong = await submit(b, 'registration', sent.body, { method: 'code', code: '000000' === (await lastCode(identity, address)) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.messages[0].id).toBe(4040003);
    const done = await submit(b, 'registration', wrong.body, { method: 'code', code: await lastCode(identity, address) });
    expect(done.status).toBe(200);
    expect(done.body.identity.verifiable_addresses[0].verified).toBe(true);
    expect(done.body.session.authentication_methods[0].method).toBe('code');
  });

  it('answers HTML form posts with redirects', async () => {
    const b = browser();
    const created = await b.get('/self-service/registration/browser', { json: false });
    expect(created.status).toBe(303);
    const flowId = new URL(created.location!).searchParams.get('flow')!;
    expect(created.location).toBe(`http://ui.test/registration?flow=${flowId}`);
    const flow = (await b.get(`/self-service/registration/flows?id=${flowId}`)).body;
    const bad = await b.postForm(`/self-service/registration?flow=${flowId}`, { csrf_token: csrfOf(flow), method: 'password', 'traits.email': 'x', password: PASSWORD });
    expect(bad.status).toBe(303);
    expect(bad.location).toBe(`http://ui.test/registration?flow=${flowId}`);
    const address = email();
    const good = await b.postForm(`/self-service/registration?flow=${flowId}`, {
      csrf_token: csrfOf(flow),
      method: 'password',
      'traits.email': address,
      'traits.name.first': 'Grace',
      password: PASSWORD,
    });
    expect(good.status).toBe(303);
    expect(good.location).toMatch(/^http:\/\/ui\.test\/verification\?flow=/);
    expect((await b.get('/sessions/whoami')).body.identity.traits).toEqual({ email: address, name: { first: 'Grace' } });
  });

  it('gives API clients a session token and no cookie', async () => {
    const b = browser();
    const flow = (await b.get('/self-service/registration/api')).body;
    expect(flow.type).toBe('api');
    const answer = await b.postJson(`/self-service/registration?flow=${flow.id}`, { method: 'password', traits: { email: email() }, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.session_token).toMatch(/^ory_st_/);
    expect(answer.body.continue_with.map((c: any) => c.action)).toEqual(['show_verification_ui', 'set_ory_session_token']);
    expect(b.cookies.has('ory_kratos_session')).toBe(false);
    const whoami = await new TestBrowser(identity.publicUrl).get('/sessions/whoami', { headers: { 'x-session-token': answer.body.session_token } });
    expect(whoami.status).toBe(200);
    const bearer = await new TestBrowser(identity.publicUrl).get('/sessions/whoami', { headers: { authorization: `Bearer ${answer.body.session_token}` } });
    expect(bearer.status).toBe(200);
  });
});

describe('login and logout', () => {
  it('signs in with the password, refuses a wrong one with 4000006, and logs out', async () => {
    const address = email();
    await register(browser(), address);
    const b = browser();
    const flow = await startFlow(b, 'login');
    expect(node(flow, 'identifier').meta.label).toMatchObject({ id: 1070002, context: { title: 'E-Mail' } });
    expect(node(flow, 'password').attributes.autocomplete).toBe('current-password');
    const wrong = await submit(b, 'login', flow, { method: 'password', identifier: address, password: 'wrong password entirely' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.messages).toEqual([expect.objectContaining({ id: 4000006, type: 'error' })]);
    expect(node(wrong.body, 'identifier').attributes.value).toBe(address);
    const unknown = await submit(b, 'login', wrong.body, { method: 'password', identifier: 'nobody@example.com', password: PASSWORD });
    expect(unknown.body.ui.messages[0].id).toBe(4000006);

    const ok = await submit(b, 'login', unknown.body, { method: 'password', identifier: address.toUpperCase(), password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.continue_with).toEqual([{ action: 'redirect_browser_to', redirect_browser_to: 'http://ui.test/' }]);

    const again = await b.get('/self-service/login/browser');
    expect(again.status).toBe(400);
    expect(again.body.error.id).toBe('session_already_available');

    const logout = await b.get('/self-service/logout/browser');
    expect(logout.body.logout_url).toBe(`${identity.publicUrl}/self-service/logout?token=${logout.body.logout_token}`);
    expect(logout.body.logout_token).toMatch(/^ory_lo_/);
    expect((await b.get(logout.body.logout_url)).status).toBe(204);
    expect((await b.get('/sessions/whoami')).status).toBe(401);
    expect((await b.get('/self-service/logout/browser')).status).toBe(401);
  });

  it('signs in with an e-mailed code', async () => {
    const address = email();
    await register(browser(), address);
    const b = browser();
    const flow = await startFlow(b, 'login');
    const sent = await submit(b, 'login', flow, { method: 'code', identifier: address });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    expect(sent.body.ui.messages[0].id).toBe(1010014);
    expect(node(sent.body, 'code').meta.label.id).toBe(1070013);
    const ok = await submit(b, 'login', sent.body, { method: 'code', code: await lastCode(identity, address) });
    expect(ok.status).toBe(200);
    expect(ok.body.session.authentication_methods[0].method).toBe('code');
    const other = browser();
    const unknown = await submit(other, 'login', await startFlow(other, 'login'), { method: 'code', identifier: 'nobody@example.com' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.ui.messages[0].id).toBe(4000035);
  });

  it('revokes API sessions by token', async () => {
    const b = browser();
    const flow = (await b.get('/self-service/registration/api')).body;
    const token = (await b.postJson(`/self-service/registration?flow=${flow.id}`, { method: 'password', traits: { email: email() }, password: PASSWORD })).body.session_token;
    expect((await b.send('DELETE', '/self-service/logout/api', JSON.stringify({ session_token: token }), { headers: { 'content-type': 'application/json' } })).status).toBe(204);
    expect((await b.send('DELETE', '/self-service/logout/api', JSON.stringify({ session_token: token }), { headers: { 'content-type': 'application/json' } })).status).toBe(403);
  });
});

describe('refusals', () => {
  it('refuses a submission without the CSRF token, or from another browser', async () => {
    const b = browser();
    const flow = await startFlow(b, 'login');
    const missing = await b.postJson(`/self-service/login?flow=${flow.id}`, { method: 'password', identifier: 'a@example.com', password: PASSWORD });
    expect(missing.status).toBe(403);
    expect(missing.body.error.id).toBe('security_csrf_violation');
    const other = browser();
    await startFlow(other, 'login');
    const stolen = await other.postJson(`/self-service/login?flow=${flow.id}`, { csrf_token: csrfOf(flow), method: 'password', identifier: 'a@example.com', password: PASSWORD });
    expect(stolen.status).toBe(403);
    expect((await other.get(`/self-service/login/flows?id=${flow.id}`)).body.error.id).toBe('security_csrf_violation');
  });

  it('replaces an expired flow and says so', async () => {
    const b = browser();
    const flow = await startFlow(b, 'login');
    identity.clock.advance(61 * 60_000);
    try {
      const fetched = await b.get(`/self-service/login/flows?id=${flow.id}`);
      expect(fetched.status).toBe(410);
      expect(fetched.body.error.id).toBe('self_service_flow_expired');
      const answer = await submit(b, 'login', flow, { method: 'password', identifier: 'a@example.com', password: PASSWORD });
      expect(answer.status).toBe(410);
      expect(answer.body.error.id).toBe('self_service_flow_expired');
      const fresh = (await b.get(`/self-service/login/flows?id=${answer.body.use_flow_id}`)).body;
      expect(fresh.ui.messages[0]).toMatchObject({ id: 4010001, context: { expired_at: flow.expires_at } });
    } finally {
      identity.clock.advance(-61 * 60_000);
    }
  });

  it('refuses return_to on a foreign origin and unknown flows', async () => {
    const b = browser();
    const foreign = await b.get('/self-service/login/browser?return_to=https://evil.example/phish');
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.id).toBe('self_service_flow_return_to_forbidden');
    const allowed = await b.get('/self-service/login/browser?return_to=http://app.test/projects');
    expect(allowed.body.return_to).toBe('http://app.test/projects');
    expect((await b.get('/self-service/login/flows?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await b.get('/self-service/login/flows?id=nonsense')).status).toBe(404);
  });
});
