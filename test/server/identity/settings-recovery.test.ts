/**
 * Settings (profile, password, authenticator app, backup codes), the second-factor sign-in they
 * enable, and recovery by code and by link into a privileged settings flow.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { login, messageIds, node, PASSWORD, register, startFlow, submit } from './support/flows.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from './support/identity-instance.js';
import { lastCode, lastLink } from './support/mailbox.js';

let identity: TestIdentity;
let n = 0;
const email = () => `settings${++n}-${Date.now()}@example.com`;
const browser = () => new TestBrowser(identity.publicUrl);

beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

function totpCode(flow: any, at = identity.clock.now()): string {
  const secret = node(flow, 'totp_secret_key').attributes.text.context.secret;
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
}

async function signedIn(): Promise<{ b: TestBrowser; address: string }> {
  const b = browser();
  const address = email();
  expect((await register(b, address)).status).toBe(200);
  return { b, address };
}

describe('settings', () => {
  it('needs a session: JSON clients get 401, browsers are sent to sign in', async () => {
    const b = browser();
    const json = await b.get('/self-service/settings/browser');
    expect(json.status).toBe(401);
    expect(json.body.error.id).toBe('session_inactive');
    const html = await b.get('/self-service/settings/browser', { json: false });
    expect(html.status).toBe(303);
    expect(html.location).toContain('/self-service/login/browser?return_to=');
  });

  it('shows every method, saves the profile and the password', async () => {
    const { b, address } = await signedIn();
    const flow = await startFlow(b, 'settings');
    expect(flow.state).toBe('show_form');
    expect(flow.identity.traits.email).toBe(address);
    expect(node(flow, 'traits.email').attributes.value).toBe(address);
    expect(new Set(flow.ui.nodes.map((x: any) => x.group))).toEqual(new Set(['default', 'profile', 'password', 'webauthn', 'passkey', 'totp', 'lookup_secret']));
    expect(node(flow, 'totp_qr').attributes).toMatchObject({ width: 256, height: 256, src: expect.stringMatching(/^data:image\/png;base64,/) });

    const profile = await submit(b, 'settings', flow, { method: 'profile', traits: { email: address, name: { first: 'Augusta', last: 'King' } } });
    expect(profile.status).toBe(200);
    expect(profile.body.state).toBe('success');
    expect(profile.body.ui.messages[0].id).toBe(1050001);
    expect(profile.body.identity.traits.name).toEqual({ first: 'Augusta', last: 'King' });

    const weak = await submit(b, 'settings', profile.body, { method: 'password', password: 'short' });
    expect(weak.status).toBe(400);
    expect(node(weak.body, 'password').messages[0].id).toBe(4000032);
    const changed = await submit(b, 'settings', weak.body, { method: 'password', password: 'a much better passphrase 2026' });
    expect(changed.body.state).toBe('success');
    expect((await login(browser(), address, 'a much better passphrase 2026')).status).toBe(200);
    expect((await login(browser(), address, PASSWORD)).status).toBe(400);
  });

  it('asks to sign in again before changing credentials after 15 minutes', async () => {
    const { b, address } = await signedIn();
    const flow = await startFlow(b, 'settings');
    identity.clock.advance(16 * 60_000);
    try {
      const refused = await submit(b, 'settings', flow, { method: 'password', password: 'another long passphrase 77' });
      expect(refused.status).toBe(403);
      expect(refused.body.error.id).toBe('session_refresh_required');
      expect(refused.body.redirect_browser_to).toContain('/self-service/login/browser?refresh=true&return_to=');
      // Names are not credentials: they may still change.
      const name = await submit(b, 'settings', flow, { method: 'profile', traits: { email: address, name: { first: 'Ada' } } });
      expect(name.status).toBe(200);

      const refresh = await startFlow(b, 'login', '?refresh=true');
      expect(refresh.refresh).toBe(true);
      expect(node(refresh, 'identifier').attributes).toMatchObject({ type: 'hidden', value: address });
      expect(refresh.ui.messages[0].id).toBe(1010003);
      expect((await submit(b, 'login', refresh, { method: 'password', identifier: address, password: PASSWORD })).status).toBe(200);
      const after = await submit(b, 'settings', name.body, { method: 'password', password: 'another long passphrase 77' });
      expect(after.body.state).toBe('success');
    } finally {
      identity.clock.advance(-16 * 60_000);
    }
  });

  it('links an authenticator app; then sign-in asks for it (aal2), and it can be unlinked', async () => {
    const { b, address } = await signedIn();
    const flow = await startFlow(b, 'settings');
    const wrong = await submit(b, 'settings', flow, { method: 'totp', totp_code: '000000' === totpCode(flow) ? '111111' : '000000' });
    expect(node(wrong.body, 'totp_code').messages[0].id).toBe(4000008);
    expect(node(wrong.body, 'totp_secret_key').attributes.text.context.secret).toBe(node(flow, 'totp_secret_key').attributes.text.context.secret);
    const linked = await submit(b, 'settings', wrong.body, { method: 'totp', totp_code: totpCode(flow) });
    expect(linked.body.state).toBe('success');
    expect(node(linked.body, 'totp_unlink').attributes).toMatchObject({ type: 'submit', value: 'true' });
    expect((await b.get('/sessions/whoami')).body.authenticator_assurance_level).toBe('aal2');

    const other = browser();
    const first = await login(other, address);
    expect(first.status).toBe(422);
    expect(first.body.error.id).toBe('browser_location_change_required');
    expect(first.body.redirect_browser_to).toContain('/self-service/login/browser?aal=aal2');
    expect((await other.get('/sessions/whoami')).body.error.id).toBe('session_aal2_required');
    expect((await other.get('/self-service/settings/browser')).body.error.id).toBe('session_aal2_required');
    const step = await startFlow(other, 'login', '?aal=aal2');
    expect(step.requested_aal).toBe('aal2');
    expect(messageIds(step)).toContain(1010004);
    expect(node(step, 'totp_code').meta.label.id).toBe(1010006);
    const second = await submit(other, 'login', step, { method: 'totp', totp_code: totpCode(flow) });
    expect(second.status).toBe(200);
    expect(second.body.session.authenticator_assurance_level).toBe('aal2');
    expect(second.body.session.authentication_methods.map((m: any) => m.method)).toEqual(['password', 'totp']);

    const settings = await startFlow(other, 'settings');
    const unlinked = await submit(other, 'settings', settings, { method: 'totp', totp_unlink: true });
    expect(unlinked.body.state).toBe('success');
    expect(node(unlinked.body, 'totp_qr')).toBeDefined();
    expect((await login(browser(), address)).status).toBe(200);
  });

  it('generates backup codes, reveals them, spends one at sign-in and shows it as used', async () => {
    const { b, address } = await signedIn();
    const flow = await startFlow(b, 'settings');
    const generated = await submit(b, 'settings', flow, { method: 'lookup_secret', lookup_secret_regenerate: true });
    const list = node(generated.body, 'lookup_secret_codes').attributes.text;
    expect(list.id).toBe(1050015);
    expect(list.context.secrets).toHaveLength(12);
    const codes = list.context.secrets.map((s: any) => s.context.secret);
    const confirmed = await submit(b, 'settings', generated.body, { method: 'lookup_secret', lookup_secret_confirm: true });
    expect(confirmed.body.state).toBe('success');
    expect(node(confirmed.body, 'lookup_secret_reveal')).toBeDefined();

    const other = browser();
    expect((await login(other, address)).status).toBe(422);
    const step = await startFlow(other, 'login', '?aal=aal2');
    expect(node(step, 'lookup_secret').meta.label.id).toBe(1010007);
    const bad = await submit(other, 'login', step, { method: 'lookup_secret', lookup_secret: 'nope-nope' });
    expect(node(bad.body, 'lookup_secret').messages[0].id).toBe(4000016);
    expect((await submit(other, 'login', bad.body, { method: 'lookup_secret', lookup_secret: codes[0] })).status).toBe(200);

    const third = browser();
    await login(third, address);
    const again = await startFlow(third, 'login', '?aal=aal2');
    const used = await submit(third, 'login', again, { method: 'lookup_secret', lookup_secret: codes[0] });
    expect(node(used.body, 'lookup_secret').messages[0].id).toBe(4000012);

    const settings = await startFlow(other, 'settings');
    const revealed = await submit(other, 'settings', settings, { method: 'lookup_secret', lookup_secret_reveal: true });
    const items = node(revealed.body, 'lookup_secret_codes').attributes.text.context.secrets;
    expect(items[0]).toMatchObject({ id: 1050014, context: { used_at: expect.any(String) } });
    expect(items.slice(1).every((item: any) => item.id === 1050009)).toBe(true);
  });
});

describe('recovery', () => {
  it('lets an admin issue a recovery code and link; the user completes it in any browser', async () => {
    const owner = await signedIn();
    const id = (await owner.b.get('/sessions/whoami')).body.identity.id;
    const admin = new TestBrowser(identity.adminUrl);
    const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const issued = await admin.send('POST', '/admin/recovery/code', JSON.stringify({ identity_id: id, expires_in: '15m' }), { headers: auth });
    expect(issued.status).toBe(201);
    expect(issued.body.recovery_code).toMatch(/^\d{6}$/);
    const b = browser();
    const opened = await b.get(issued.body.recovery_link, { json: false });
    expect(opened.status).toBe(303);
    const flowId = new URL(opened.location!).searchParams.get('flow')!;
    const flow = (await b.get(`/self-service/recovery/flows?id=${flowId}`)).body;
    expect(flow.state).toBe('sent_email');
    const done = await submit(b, 'recovery', flow, { method: 'code', code: issued.body.recovery_code });
    expect(done.body.state).toBe('passed_challenge');

    const link = await admin.send('POST', '/admin/recovery/link', JSON.stringify({ identity_id: id }), { headers: auth });
    expect(link.status).toBe(200);
    expect((await browser().get(link.body.recovery_link, { json: false })).location).toMatch(/settings\?flow=/);
    expect((await admin.send('POST', '/admin/recovery/code', JSON.stringify({ identity_id: 'nope' }), { headers: auth })).status).toBe(400);
    expect((await admin.send('POST', '/admin/recovery/code', JSON.stringify({ identity_id: '00000000-0000-4000-8000-000000000000' }), { headers: auth })).status).toBe(404);
  });

  it('recovers by code into a privileged settings flow (1060001) and never tells unknown addresses apart', async () => {
    const { address } = await signedIn();
    const b = browser();
    const flow = await startFlow(b, 'recovery');
    expect(node(flow, 'email').attributes).toMatchObject({ type: 'email', required: true });
    const unknown = await submit(b, 'recovery', flow, { method: 'code', email: 'nobody@example.com' });
    expect(unknown.body.state).toBe('sent_email');
    expect(unknown.body.ui.messages[0].id).toBe(1060003);

    const sent = await submit(b, 'recovery', unknown.body, { method: 'code', email: address });
    expect(node(sent.body, 'code').attributes).toMatchObject({ pattern: '[0-9]+', maxlength: 6 });
    const wrong = await submit(b, 'recovery', sent.body, { method: 'code', code: '000000' === (await lastCode(identity, address)) ? '111111' : '000000' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.ui.messages[0].id).toBe(4060006);

    const done = await submit(b, 'recovery', wrong.body, { method: 'code', code: await lastCode(identity, address) });
    expect(done.status).toBe(200);
    expect(done.body.state).toBe('passed_challenge');
    const next = done.body.continue_with.find((c: any) => c.action === 'show_settings_ui');
    expect(next.flow.url).toBe(`http://ui.test/settings?flow=${next.flow.id}`);
    const settings = (await b.get(`/self-service/settings/flows?id=${next.flow.id}`)).body;
    expect(settings.ui.messages[0]).toMatchObject({ id: 1060001, context: { privileged_session_expires_at_unix: expect.any(Number) } });
    const whoami = (await b.get('/sessions/whoami')).body;
    expect(whoami.authentication_methods[0].method).toBe('code_recovery');
    const changed = await submit(b, 'settings', settings, { method: 'password', password: 'recovered passphrase 2026!' });
    expect(changed.body.state).toBe('success');

    const replay = await submit(b, 'recovery', done.body, { method: 'code', code: '123456' });
    expect(replay.body.ui.messages[0].id).toBe(4060001);
  });

  it('spends a code after five wrong guesses', async () => {
    const { address } = await signedIn();
    const b = browser();
    let flow = (await submit(b, 'recovery', await startFlow(b, 'recovery'), { method: 'code', email: address })).body;
    const code = await lastCode(identity, address);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) flow = (await submit(b, 'recovery', flow, { method: 'code', code: wrongCode })).body;
    const late = await submit(b, 'recovery', flow, { method: 'code', code });
    expect(late.body.ui.messages[0].id).toBe(4060006);
  });

  it('recovers by a single-use link', async () => {
    const { address } = await signedIn();
    const b = browser();
    const sent = await submit(b, 'recovery', await startFlow(b, 'recovery'), { method: 'link', email: address });
    expect(sent.body.ui.messages[0].id).toBe(1060002);
    const link = await lastLink(identity, address);
    const followed = await b.get(link, { json: false });
    expect(followed.status).toBe(303);
    expect(followed.location).toMatch(/^http:\/\/ui\.test\/settings\?flow=/);
    expect((await b.get('/sessions/whoami')).body.authentication_methods[0].method).toBe('link_recovery');
    const again = await b.get(link, { json: false });
    expect(again.status).toBe(303);
    expect(again.location).toMatch(/^http:\/\/ui\.test\/recovery\?flow=/);
    const flowId = new URL(again.location!).searchParams.get('flow');
    expect((await b.get(`/self-service/recovery/flows?id=${flowId}`)).body.ui.messages[0].id).toBe(4060004);
  });

  it('follows a link opened in another browser (the e-mail read on a phone)', async () => {
    const { address } = await signedIn();
    const b = browser();
    await submit(b, 'recovery', await startFlow(b, 'recovery'), { method: 'link', email: address });
    const phone = browser();
    const followed = await phone.get(await lastLink(identity, address), { json: false });
    expect(followed.location).toMatch(/^http:\/\/ui\.test\/settings\?flow=/);
    expect((await phone.get('/sessions/whoami')).status).toBe(200);
  });

  it('refuses to start while signed in', async () => {
    const { b } = await signedIn();
    const answer = await b.get('/self-service/recovery/browser');
    expect(answer.status).toBe(400);
    expect(answer.body.error.id).toBe('session_already_available');
  });
});
