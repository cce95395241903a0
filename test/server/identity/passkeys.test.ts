/**
 * Passkeys and security keys at the wire: the nodes each flow offers, sign-up and sign-in with a
 * passkey, challenges that serve one answer of one flow, a cloned authenticator's stale sign
 * count, and a security key as the second factor that raises a session to aal2. A software
 * authenticator stands in for the browser; the browser journeys run the same through Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { login, messageIds, node, register, startFlow, submit } from './support/flows.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from './support/identity-instance.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';
import { readTrail } from '../audit/read-trail.js';

let identity: TestIdentity;
let n = 0;
const email = () => `passkey${++n}-${Date.now()}@example.com`;
const browser = () => new TestBrowser(identity.publicUrl);
const ORIGIN = 'http://ui.test';

beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

const valueOf = (flow: any, name: string) => JSON.parse(node(flow, name).attributes.value);
/** The settings changes the audit trail holds for an identity, oldest first. */
const settingsEvents = async (identityId: string) =>
  (
    await readTrail<{ details: Record<string, unknown> }>(
      identity.db,
      "SELECT details FROM audit_events WHERE action = 'account.settings.changed' AND actor_id = $1 ORDER BY seq",
      [identityId],
    )
  ).map((row) => row.details);

async function signUpWithPasskey(b: TestBrowser, authenticator: SoftwareAuthenticator, address = email()) {
  const flow = await startFlow(b, 'registration');
  const data = valueOf(flow, 'passkey_create_data');
  const publicKey = { ...data.credentialOptions.publicKey, user: { ...data.credentialOptions.publicKey.user, name: address, displayName: address } };
  // The browser script posts the form itself: no `method`, the result field names the method.
  const answer = await submit(b, 'registration', flow, { traits: { email: address }, passkey_register: authenticator.create({ publicKey }) });
  return { answer, address };
}

async function signInWithPasskey(b: TestBrowser, authenticator: SoftwareAuthenticator) {
  const flow = await startFlow(b, 'login');
  const response = authenticator.get(valueOf(flow, 'passkey_challenge'));
  return { flow, response, answer: await submit(b, 'login', flow, { passkey_login: response }) };
}

async function adminIdentity(id: string, credential: string): Promise<any> {
  const admin = new TestBrowser(identity.adminUrl);
  return (await admin.get(`/admin/identities/${id}?include_credential=${credential}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).body;
}

describe('passkeys', () => {
  it('offers discoverable, user-verified options for this site, and serves the script they name', async () => {
    const flow = await startFlow(browser(), 'registration');
    const data = valueOf(flow, 'passkey_create_data');
    expect(data.displayNameFieldName).toBe('traits.email');
    expect(data.credentialOptions.publicKey).toMatchObject({
      rp: { id: 'ui.test' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(node(flow, 'passkey_register_trigger').attributes).toMatchObject({
      type: 'button',
      onclickTrigger: 'oryPasskeyRegistration',
      onclick: 'window.oryPasskeyRegistration()',
    });
    const script = node(flow, 'webauthn_script').attributes;
    expect(script.src).toBe(`${identity.publicUrl}/.well-known/ory/webauthn.js`);
    const served = await browser().get('/.well-known/ory/webauthn.js', { json: false });
    expect(served.status).toBe(200);
    expect(String(served.headers['content-type'])).toContain('javascript');
    const { createHash } = await import('node:crypto');
    expect(`sha512-${createHash('sha512').update(String(served.body)).digest('base64')}`).toBe(script.integrity);

    const loginFlow = await startFlow(browser(), 'login');
    expect(valueOf(loginFlow, 'passkey_challenge').publicKey).toMatchObject({ rpId: 'ui.test', userVerification: 'required', allowCredentials: [] });
    expect(node(loginFlow, 'passkey_login').attributes.onloadTrigger).toBe('oryPasskeyLoginAutocompleteInit');
    expect(node(loginFlow, 'identifier').attributes.autocomplete).toBe('username webauthn');
  });

  it('signs up with a passkey and no password, then signs in with it alone', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { answer, address } = await signUpWithPasskey(browser(), authenticator);
    expect(answer.status).toBe(200);
    expect(answer.body.session.authentication_methods[0].method).toBe('passkey');
    const id = answer.body.identity.id;
    const stored = await adminIdentity(id, 'passkey');
    expect(stored.credentials.password).toBeUndefined();
    expect(stored.credentials.passkey.identifiers).toHaveLength(1);
    const [key] = stored.credentials.passkey.config.credentials;
    expect(key).toMatchObject({ attestation_type: 'none', is_passwordless: true, flags: { user_verified: true }, authenticator: { sign_count: 0 } });
    expect(Buffer.from(key.id, 'base64')).toEqual(authenticator.keys[0]!.id);

    const signedIn = await signInWithPasskey(browser(), authenticator);
    expect(signedIn.answer.status).toBe(200);
    expect(signedIn.answer.body.session).toMatchObject({ authenticator_assurance_level: 'aal1', identity: { id, traits: { email: address } } });
    expect(signedIn.answer.body.session.authentication_methods.map((m: any) => m.method)).toEqual(['passkey']);
    expect((await adminIdentity(id, 'passkey')).credentials.passkey.config.credentials[0].authenticator.sign_count).toBe(1);
  });

  it('takes a challenge once: a replayed answer is refused, in another flow and in its own', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await signUpWithPasskey(browser(), authenticator)).answer.status).toBe(200);
    const first = await signInWithPasskey(browser(), authenticator);
    expect(first.answer.status).toBe(200);

    const b = browser();
    const other = await startFlow(b, 'login');
    const replayed = await submit(b, 'login', other, { passkey_login: first.response });
    expect(replayed.status).toBe(400);
    expect(messageIds(replayed.body)).toEqual([4000043]);
    // The refused answer used up that flow's challenge too; the form comes back with a new one.
    const renewed = valueOf(replayed.body, 'passkey_challenge').publicKey.challenge;
    expect(renewed).not.toBe(valueOf(other, 'passkey_challenge').publicKey.challenge);

    const c = browser();
    const flow = await startFlow(c, 'login');
    const answer = authenticator.get(valueOf(flow, 'passkey_challenge'));
    expect((await submit(c, 'login', flow, { passkey_login: 'not json' })).status).toBe(400);
    const late = await submit(c, 'login', flow, { passkey_login: answer });
    expect(late.status).toBe(400);
    expect(messageIds(late.body)).toEqual([4000043]);
  });

  it('refuses a cloned authenticator whose sign count does not move forward', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await signUpWithPasskey(browser(), authenticator)).answer.status).toBe(200);
    expect((await signInWithPasskey(browser(), authenticator)).answer.status).toBe(200);
    expect((await signInWithPasskey(browser(), authenticator)).answer.status).toBe(200);
    authenticator.keys[0]!.signCount = 1; // the clone signs with count 2, the service has seen 2
    const cloned = await signInWithPasskey(browser(), authenticator);
    expect(cloned.answer.status).toBe(400);
    expect(messageIds(cloned.answer.body)).toEqual([4000043]);
    expect(cloned.answer.body.ui.nodes.find((x: any) => x.attributes.name === 'csrf_token')).toBeTruthy();
  });

  it('refuses a passkey the user was not verified for, and one for another site', async () => {
    const unverified = new SoftwareAuthenticator(ORIGIN);
    unverified.userVerified = false;
    const refused = await signUpWithPasskey(browser(), unverified);
    expect(refused.answer.status).toBe(400);
    expect(messageIds(refused.answer.body)).toEqual([4000043]);

    const phishing = new SoftwareAuthenticator('http://ui.test.evil.example');
    expect((await signUpWithPasskey(browser(), phishing)).answer.status).toBe(400);
  });

  it('confirms it is you with the passkey (refresh), offering only the account’s own passkeys', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const b = browser();
    expect((await signUpWithPasskey(b, authenticator)).answer.status).toBe(200);
    const refresh = await startFlow(b, 'login', '?refresh=true');
    const options = valueOf(refresh, 'passkey_challenge');
    expect(options.publicKey.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.keys[0]!.id.toString('base64url'), type: 'public-key' })]);
    const confirmed = await submit(b, 'login', refresh, { passkey_login: authenticator.get(options) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.session.authentication_methods.map((m: any) => m.method)).toEqual(['passkey', 'passkey']);

    // Someone else's passkey does not confirm this session.
    const stranger = new SoftwareAuthenticator(ORIGIN);
    expect((await signUpWithPasskey(browser(), stranger)).answer.status).toBe(200);
    const again = await startFlow(b, 'login', '?refresh=true');
    const mismatch = await submit(b, 'login', again, { passkey_login: stranger.get(valueOf(again, 'passkey_challenge')) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.id).toBe('session_identity_mismatch');
  });

  it('adds passkeys in settings, names them apart, and removes one by name', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const b = browser();
    const { answer } = await signUpWithPasskey(b, authenticator);
    const id = answer.body.identity.id;
    const flow = await startFlow(b, 'settings');
    expect(node(flow, 'passkey_register_trigger').attributes.onclickTrigger).toBe('oryPasskeySettingsRegistration');
    const options = valueOf(flow, 'passkey_create_data');
    // The new passkey shares the account's user handle and may not be made on the same key twice.
    expect(options.publicKey.excludeCredentials).toHaveLength(1);
    const added = await submit(b, 'settings', flow, { method: 'passkey', passkey_settings_register: authenticator.create(options) });
    expect(added.status).toBe(200);
    expect(added.body.state).toBe('success');
    const removes = added.body.ui.nodes.filter((x: any) => x.attributes.name === 'passkey_remove');
    expect(removes).toHaveLength(2);
    expect(removes[0].meta.label).toMatchObject({ id: 1050020, context: { display_name: expect.any(String), added_at: expect.any(String) } });
    expect(new Set(removes.map((x: any) => x.meta.label.context.display_name)).size).toBe(2);

    // Both passkeys sign in.
    expect((await signInWithPasskey(browser(), authenticator)).answer.status).toBe(200);

    const removed = await submit(b, 'settings', added.body, { method: 'passkey', passkey_remove: removes[1].attributes.value });
    expect(removed.status).toBe(200);
    expect(removed.body.ui.nodes.filter((x: any) => x.attributes.name === 'passkey_remove')).toHaveLength(1);
    expect((await adminIdentity(id, 'passkey')).credentials.passkey.config.credentials).toHaveLength(1);
    const gone = await signInWithPasskey(browser(), authenticator);
    expect(gone.answer.status).toBe(400);
    expect(messageIds(gone.answer.body)).toEqual([4000043]);
    expect(await settingsEvents(id)).toMatchObject([
      { method: 'passkey', change: 'added' },
      { method: 'passkey', change: 'removed' },
    ]);
  });
});

describe('security keys', () => {
  it('add a second factor in settings; sign-in then asks for the key and reaches aal2', async () => {
    const key = new SoftwareAuthenticator(ORIGIN);
    key.userVerified = false; // a plain security key: presence only
    const b = browser();
    const address = email();
    expect((await register(b, address)).status).toBe(200);
    const flow = await startFlow(b, 'settings');
    const options = JSON.parse(node(flow, 'webauthn_register_trigger').attributes.value);
    expect(options.publicKey.authenticatorSelection).toMatchObject({ residentKey: 'discouraged' });
    const added = await submit(b, 'settings', flow, { method: 'webauthn', webauthn_register_displayname: 'YubiKey 5C', webauthn_register: key.create(options) });
    expect(added.status).toBe(200);
    const remove = node(added.body, 'webauthn_remove');
    expect(remove.meta.label).toMatchObject({ id: 1050018, context: { display_name: 'YubiKey 5C' } });
    expect((await b.get('/sessions/whoami')).body.authenticator_assurance_level).toBe('aal2');

    const other = browser();
    const first = await login(other, address);
    expect(first.status).toBe(422);
    const aal2 = await startFlow(other, 'login', '?aal=aal2');
    expect(node(aal2, 'webauthn_login_trigger').attributes).toMatchObject({ onclickTrigger: 'oryWebAuthnLogin', type: 'button' });
    expect(node(aal2, 'webauthn_login_trigger').meta.label.id).toBe(1010008);
    const answer = key.get(JSON.parse(node(aal2, 'webauthn_login_trigger').attributes.value));
    const second = await submit(other, 'login', aal2, { webauthn_login: answer });
    expect(second.status).toBe(200);
    expect(second.body.session.authenticator_assurance_level).toBe('aal2');
    expect(second.body.session.authentication_methods.map((m: any) => m.method)).toEqual(['password', 'webauthn']);

    const removed = await submit(b, 'settings', added.body, { method: 'webauthn', webauthn_remove: remove.attributes.value });
    expect(removed.status).toBe(200);
    expect(node(removed.body, 'webauthn_remove')).toBeUndefined();
    expect((await login(browser(), address)).status).toBe(200);
    const whoami = (await b.get('/sessions/whoami')).body;
    expect(await settingsEvents(whoami.identity.id)).toMatchObject([
      { method: 'webauthn', change: 'added' },
      { method: 'webauthn', change: 'removed' },
    ]);
  });
});
