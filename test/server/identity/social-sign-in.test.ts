/**
 * Social sign-in (strategy `oidc`) against a real OpenID Connect provider: registration from the
 * provider's claims, sign-in, a missing required trait asked on the registration card, linking
 * and unlinking in settings, linking by verified e-mail only after the person signs in to the
 * existing account, a denied consent, a tampered state and an unreachable provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveIssuer, startUpstreamOidc, type UpstreamOidc } from '../../support/upstream-oidc.js';
import { TestBrowser, type Answer } from './support/browser.js';
import { messageIds, node, PASSWORD, register, startFlow, submit } from './support/flows.js';
import { startTestIdentity, type TestIdentity } from './support/identity-instance.js';
import type { OidcProvider } from '../../../server/identity/strategies/oidc/providers.js';
import { readTrail } from '../audit/read-trail.js';

let identity: TestIdentity;
let upstream: UpstreamOidc;
let n = 0;
const unique = (name: string) => `${name}-${++n}-${Date.now()}`;
const browser = () => new TestBrowser(identity.publicUrl);
const UI = 'http://ui.test';

beforeAll(async () => {
  const reserved = await reserveIssuer();
  const provider = (id: string, label: string, issuer: string): OidcProvider => ({
    id,
    label,
    preset: 'generic',
    issuer,
    clientId: 'sitewave-test',
    clientSecret: 'upstream-client-secret-0123456789',
    scopes: ['openid', 'email', 'profile'],
    traits: { email: 'email', 'name.first': 'given_name', 'name.last': 'family_name' },
  });
  // "down" points at a port nothing listens on: the provider cannot be reached.
  const down = await reserveIssuer();
  identity = await startTestIdentity({ options: { oidcProviders: [provider('acme', 'Acme ID', reserved.issuer), provider('down', 'Down ID', down.issuer)] } });
  upstream = await startUpstreamOidc(reserved);
  upstream.allowRedirect(`${identity.publicUrl}/self-service/methods/oidc/callback/acme`);
});
afterAll(async () => {
  await upstream?.close();
  await identity?.stop();
});

/** Follows redirects like a browser, through the provider and back, until the account screens. */
async function follow(b: TestBrowser, start: string): Promise<{ location: string; trail: string[] }> {
  let url = start;
  const trail: string[] = [];
  for (let hops = 0; hops < 15; hops++) {
    trail.push(url);
    const answer: Answer = await b.get(url, { json: false });
    if (answer.status < 300 || answer.status >= 400 || !answer.location) throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    url = new URL(answer.location, url).href;
    if (![identity.publicUrl, upstream.issuer].includes(new URL(url).origin)) return { location: url, trail };
  }
  throw new Error(`too many redirects: ${trail.join(' → ')}`);
}

/** Presses a provider button on a flow (as the account interface does, JSON) and goes through the provider. */
async function viaProvider(b: TestBrowser, kind: 'login' | 'registration' | 'settings', flow: any, body: Record<string, unknown>) {
  const answer = await submit(b, kind, flow, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.error.id).toBe('browser_location_change_required');
  const authorize = new URL(answer.body.redirect_browser_to);
  return { authorize, ...(await follow(b, authorize.href)) };
}

async function flowAt(b: TestBrowser, location: string, kind: string) {
  const id = new URL(location).searchParams.get('flow');
  expect(new URL(location).pathname).toBe(`/${kind}`);
  return (await b.get(`/self-service/${kind}/flows?id=${id}`)).body;
}

describe('social sign-up and sign-in', () => {
  it('offers one button per provider on the sign-in and registration cards', async () => {
    const login = await startFlow(browser(), 'login');
    const buttons = login.ui.nodes.filter((x: any) => x.group === 'oidc');
    expect(buttons.map((x: any) => [x.attributes.name, x.attributes.type, x.attributes.value, x.meta.label.id, x.meta.label.context])).toEqual([
      ['provider', 'submit', 'acme', 1010002, { provider: 'Acme ID', provider_id: 'acme' }],
      ['provider', 'submit', 'down', 1010002, { provider: 'Down ID', provider_id: 'down' }],
    ]);
    const registration = await startFlow(browser(), 'registration');
    expect(node(registration, 'provider').meta.label).toMatchObject({ id: 1040002, text: 'Sign up with Acme ID' });
  });

  it('creates the account from the claims with state, nonce and PKCE, then signs in again with the provider', async () => {
    const sub = unique('grace');
    const email = `${sub}@example.com`;
    upstream.accounts.set(sub, { email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' });
    upstream.next = { signIn: sub };
    const b = browser();
    const flow = await startFlow(b, 'registration', `?return_to=${encodeURIComponent('http://app.test/after')}`);
    const { authorize, location } = await viaProvider(b, 'registration', flow, { provider: 'acme' });
    expect(authorize.origin).toBe(upstream.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(new RegExp(`^${flow.id}\\.`));
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${identity.publicUrl}/self-service/methods/oidc/callback/acme`);
    expect(location).toBe('http://app.test/after');

    const whoami = (await b.get('/sessions/whoami')).body;
    expect(whoami.identity.traits).toEqual({ email, name: { first: 'Grace', last: 'Hopper' } });
    expect(whoami.identity.verifiable_addresses[0]).toMatchObject({ value: email, verified: true });
    expect(whoami.authentication_methods[0]).toMatchObject({ method: 'oidc', aal: 'aal1' });

    // Another browser, the sign-in card: the same provider account signs in to the same identity.
    const again = browser();
    const login = await startFlow(again, 'login');
    const signIn = await viaProvider(again, 'login', login, { provider: 'acme' });
    expect(signIn.location).toBe(`${UI}/`);
    expect((await again.get('/sessions/whoami')).body.identity.id).toBe(whoami.identity.id);
  });

  it('asks for a missing required trait on the registration card, keeping what the provider gave', async () => {
    const sub = unique('noemail');
    upstream.accounts.set(sub, { given_name: 'Ada', family_name: 'Lovelace' });
    upstream.next = { signIn: sub };
    const b = browser();
    // Starting from the sign-in card: an unknown provider account continues as a registration.
    const { location } = await viaProvider(b, 'login', await startFlow(b, 'login'), { provider: 'acme' });
    const registration = await flowAt(b, location, 'registration');
    expect((await b.get('/sessions/whoami')).status).toBe(401);
    expect(node(registration, 'traits.email')).toMatchObject({ group: 'oidc', attributes: { required: true } });
    expect(node(registration, 'traits.email').messages[0].id).toBe(4000002);
    expect(node(registration, 'traits.name.first')).toMatchObject({ group: 'oidc', attributes: { value: 'Ada' } });
    expect(node(registration, 'provider')).toMatchObject({ group: 'oidc', attributes: { value: 'acme', type: 'submit' } });
    expect(node(registration, 'password')).toBeUndefined();

    const email = `${sub}@example.com`;
    const done = await submit(b, 'registration', registration, { provider: 'acme', traits: { email, name: { first: 'Ada', last: 'Lovelace' } } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.identity.traits.email).toBe(email);
    // The address came from the person, not the provider: it still has to be verified.
    expect(done.body.identity.verifiable_addresses[0]).toMatchObject({ value: email, verified: false });
    expect(done.body.session.authentication_methods[0].method).toBe('oidc');
  });
});

describe('refusals', () => {
  it('shows a clear message on the flow when the person denies consent at the provider', async () => {
    upstream.next = { deny: true };
    const b = browser();
    const flow = await startFlow(b, 'login');
    const { location } = await viaProvider(b, 'login', flow, { provider: 'acme' });
    const shown = await flowAt(b, location, 'login');
    expect(shown.id).toBe(flow.id);
    expect(shown.ui.messages).toEqual([expect.objectContaining({ id: 4000001, type: 'error', text: expect.stringContaining('cancelled') })]);
    expect((await b.get('/sessions/whoami')).status).toBe(401);
  });

  it('refuses a tampered or replayed state and signs nobody in', async () => {
    const sub = unique('mallory');
    upstream.accounts.set(sub, { email: `${sub}@example.com`, email_verified: true });
    upstream.next = { signIn: sub };
    const b = browser();
    const flow = await startFlow(b, 'registration');
    const answer = await submit(b, 'registration', flow, { provider: 'acme' });
    // Through the provider, stopping at the callback to alter the state it carries.
    let url = answer.body.redirect_browser_to as string;
    while (!url.includes('/callback/')) url = new URL((await b.get(url, { json: false })).location!, url).href;
    const callback = new URL(url);
    const state = callback.searchParams.get('state')!;
    for (const forged of [state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA'), '', 'not-a-state']) {
      callback.searchParams.set('state', forged);
      const refused = await b.get(callback.href);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ id: 'security_csrf_violation', reason: expect.stringContaining('state') });
    }
    // Another browser cannot finish this browser's sign-in with the genuine state either.
    callback.searchParams.set('state', state);
    expect((await browser().get(callback.href)).status).toBe(400);
    // The genuine answer works once; replaying it is refused.
    const first = await b.get(callback.href, { json: false });
    expect(first.location).toBe(`${UI}/`);
    const replay = await browser().get(callback.href);
    expect(replay.status).toBe(400);
    b.cookies.delete('ory_kratos_session');
    expect((await b.get(callback.href)).status).toBe(400);
  });

  it('says so on the flow when the provider cannot be reached', async () => {
    const b = browser();
    const flow = await startFlow(b, 'login');
    const answer = await submit(b, 'login', flow, { provider: 'down' });
    expect(answer.status).toBe(400);
    expect(answer.body.ui.messages).toEqual([expect.objectContaining({ id: 4000001, text: expect.stringContaining('Down ID cannot be reached') })]);
  });
});

describe('linking', () => {
  it('links a provider in settings, signs in with it, and unlinks it', async () => {
    const b = browser();
    const email = `${unique('link')}@example.com`;
    expect((await register(b, email)).status).toBe(200);
    const settings = await startFlow(b, 'settings');
    expect(settings.ui.nodes.filter((x: any) => x.group === 'oidc').map((x: any) => [x.attributes.name, x.attributes.value, x.meta.label.id])).toEqual([
      ['link', 'acme', 1050002],
      ['link', 'down', 1050002],
    ]);
    const sub = unique('linked');
    upstream.accounts.set(sub, { email: `${sub}@elsewhere.example`, email_verified: true });
    upstream.next = { signIn: sub };
    const { location } = await viaProvider(b, 'settings', settings, { link: 'acme' });
    const linked = await flowAt(b, location, 'settings');
    expect(linked.state).toBe('success');
    expect(messageIds(linked)).toContain(1050001);
    expect(node(linked, 'unlink')).toMatchObject({ attributes: { value: 'acme' }, meta: { label: { id: 1050003 } } });

    const other = browser();
    await viaProvider(other, 'login', await startFlow(other, 'login'), { provider: 'acme' });
    expect((await other.get('/sessions/whoami')).body.identity.traits.email).toBe(email);

    const unlinked = await submit(b, 'settings', linked, { unlink: 'acme' });
    expect(unlinked.status).toBe(200);
    expect(node(unlinked.body, 'link')).toMatchObject({ attributes: { value: 'acme' } });
    const owner = (await b.get('/sessions/whoami')).body.identity.id;
    const recorded = await readTrail(identity.db, "SELECT details FROM audit_events WHERE action = 'account.settings.changed' AND actor_id = $1 ORDER BY seq", [owner]);
    expect(recorded).toMatchObject([{ details: { method: 'oidc', change: 'linked', provider: 'acme' } }, { details: { method: 'oidc', change: 'unlinked', provider: 'acme' } }]);
    // The provider account is nobody's now: signing in with it starts a registration.
    const third = browser();
    const after = await viaProvider(third, 'login', await startFlow(third, 'login'), { provider: 'acme' });
    expect(after.location).toBe(`${UI}/`);
    expect((await third.get('/sessions/whoami')).body.identity.traits.email).toBe(`${sub}@elsewhere.example`);
  });

  it('refuses to unlink the last way left to sign in', async () => {
    const sub = unique('only-provider');
    upstream.accounts.set(sub, { email: `${sub}@example.com`, email_verified: true });
    upstream.next = { signIn: sub };
    const b = browser();
    await viaProvider(b, 'registration', await startFlow(b, 'registration'), { provider: 'acme' });
    const id = (await b.get('/sessions/whoami')).body.identity.id as string;
    // As with a schema whose address signs nobody in: the provider is all the account has.
    await identity.db.query(`DELETE FROM credentials WHERE identity_id = $1 AND type = 'code'`, [id]);
    const settings = await startFlow(b, 'settings');
    expect(node(settings, 'unlink')).toBeUndefined();
    const refused = await submit(b, 'settings', settings, { unlink: 'acme' });
    expect(refused.status).toBe(400);
    expect(refused.body.ui.messages[0]).toMatchObject({ id: 4000001, text: expect.stringContaining('only way left to sign in') });
    const again = browser();
    await viaProvider(again, 'login', await startFlow(again, 'login'), { provider: 'acme' });
    expect((await again.get('/sessions/whoami')).body.identity.id).toBe(id);
  });

  it('links by verified e-mail only after the person signs in to the existing account', async () => {
    const email = `${unique('existing')}@example.com`;
    const owner = browser();
    expect((await register(owner, email)).status).toBe(200);
    const sub = unique('same-address');
    upstream.accounts.set(sub, { email, email_verified: true, given_name: 'Same' });
    upstream.next = { signIn: sub };

    const b = browser();
    const { location } = await viaProvider(b, 'registration', await startFlow(b, 'registration'), { provider: 'acme' });
    const confirm = await flowAt(b, location, 'login');
    expect((await b.get('/sessions/whoami')).status).toBe(401);
    expect(confirm.ui.messages[0]).toMatchObject({ id: 1010016, context: { duplicateIdentifier: email, provider: 'Acme ID' } });
    expect(node(confirm, 'identifier')).toMatchObject({ attributes: { type: 'hidden', value: email } });
    expect(node(confirm, 'password')).toBeDefined();

    const wrong = await submit(b, 'login', confirm, { method: 'password', identifier: email, password: 'not the password at all' });
    expect(wrong.status).toBe(400);
    const signedIn = await submit(b, 'login', wrong.body, { method: 'password', identifier: email, password: PASSWORD });
    expect(signedIn.status).toBe(200);

    // From now on the provider account signs in to the existing identity.
    const later = browser();
    await viaProvider(later, 'login', await startFlow(later, 'login'), { provider: 'acme' });
    expect((await later.get('/sessions/whoami')).body.identity.id).toBe(signedIn.body.session.identity.id);
    const recorded = await readTrail(identity.db, "SELECT details FROM audit_events WHERE action = 'account.settings.changed' AND actor_id = $1", [
      signedIn.body.session.identity.id,
    ]);
    expect(recorded).toMatchObject([{ details: { method: 'oidc', change: 'linked', provider: 'acme', after: 'sign-in' } }]);
  });

  it('never links on an unverified e-mail', async () => {
    const email = `${unique('unverified')}@example.com`;
    expect((await register(browser(), email)).status).toBe(200);
    const sub = unique('claims-it');
    upstream.accounts.set(sub, { email, email_verified: false });
    upstream.next = { signIn: sub };
    const b = browser();
    const { location } = await viaProvider(b, 'login', await startFlow(b, 'login'), { provider: 'acme' });
    const shown = await flowAt(b, location, 'login');
    expect(messageIds(shown)).toEqual([4000027]);
    expect((await b.get('/sessions/whoami')).status).toBe(401);
  });
});
