/**
 * The admin API through the official SDK (@ory/client IdentityApi and CourierApi), against a
 * running embedded identity service: what the survey API and support tooling rely on.
 */
import { Configuration, CourierApi, FrontendApi, IdentityApi } from '@ory/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register } from './support/flows.js';
import { TestBrowser } from './support/browser.js';
import { failure } from './support/sdk-failure.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from './support/identity-instance.js';

let identity: TestIdentity;
let admin: IdentityApi;
let courier: CourierApi;
let frontend: FrontendApi;
let n = 0;
const email = () => `admin${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  identity = await startTestIdentity();
  const config = new Configuration({ basePath: identity.adminUrl, accessToken: TEST_ADMIN_TOKEN });
  admin = new IdentityApi(config);
  courier = new CourierApi(config);
  frontend = new FrontendApi(new Configuration({ basePath: identity.publicUrl }));
});
afterAll(async () => identity?.stop());

const traits = (address: string) => ({ email: address, name: { first: 'Grace', last: 'Hopper' } });

async function signInNative(identifier: string, password = PASSWORD): Promise<string> {
  const { data: flow } = await frontend.createNativeLoginFlow();
  const { data } = await frontend.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier, password } });
  return data.session_token!;
}

describe('IdentityApi: identities', () => {
  it('creates an identity with a password it can sign in with, and a pre-verified address', async () => {
    const address = email();
    const { status, data } = await admin.createIdentity({
      createIdentityBody: {
        schema_id: 'default',
        traits: traits(address),
        credentials: { password: { config: { password: PASSWORD } } },
        verifiable_addresses: [{ value: address, via: 'email', verified: true, status: 'completed' }],
        metadata_admin: { plan: 'pro' },
      },
    });
    expect(status).toBe(201);
    expect(data.traits).toEqual(traits(address));
    expect(data.state).toBe('active');
    expect(data.verifiable_addresses?.[0]).toMatchObject({ value: address, verified: true, status: 'completed' });
    expect(data.metadata_admin).toEqual({ plan: 'pro' });
    expect(Object.keys(data.credentials ?? {}).sort()).toEqual(['code', 'password']);
    expect(data.credentials?.password?.identifiers).toEqual([address]);
    expect(await signInNative(address)).toMatch(/^ory_st_/);
  });

  it('refuses traits the schema does not allow, naming the field, and creates nothing', async () => {
    const { status, data } = await failure(admin.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email: 'not-an-address', name: { first: 'X' } } } }));
    expect(status).toBe(400);
    expect(data.error.reason).toContain('traits.email');
    const { data: found } = await admin.listIdentities({ credentialsIdentifier: 'not-an-address' });
    expect(found).toEqual([]);
  });

  it('refuses an unknown schema and an unverifiable imported hash', async () => {
    expect((await failure(admin.createIdentity({ createIdentityBody: { schema_id: 'nope', traits: traits(email()) } }))).status).toBe(400);
    // A number is not the schema "1": bodies are not coerced.
    expect((await failure(admin.createIdentity({ createIdentityBody: { schema_id: 1 as unknown as string, traits: traits(email()) } }))).status).toBe(400);
    const bcrypt = await failure(
      admin.createIdentity({
        createIdentityBody: { schema_id: 'default', traits: traits(email()), credentials: { password: { config: { hashed_password: '$2a$10$abcdefghijklmnopqrstuv' } } } },
      }),
    );
    expect(bcrypt.status).toBe(400);
    expect(bcrypt.data.error.reason).toContain('hashed_password');
  });

  it('answers 409 for an address another identity signs in with', async () => {
    const address = email();
    await admin.createIdentity({ createIdentityBody: { schema_id: 'default', traits: traits(address) } });
    const { status } = await failure(admin.createIdentity({ createIdentityBody: { schema_id: 'default', traits: traits(address.toUpperCase()) } }));
    expect(status).toBe(409);
  });

  it('gets an identity, showing credential configuration only when asked for', async () => {
    const address = email();
    const { data: created } = await admin.createIdentity({
      createIdentityBody: { schema_id: 'default', traits: traits(address), credentials: { password: { config: { password: PASSWORD } } } },
    });
    const { data: plain } = await admin.getIdentity({ id: created.id });
    expect(plain.credentials?.password?.config).toBeUndefined();
    const { data: withHash } = await admin.getIdentity({ id: created.id, includeCredential: ['password'] });
    expect(String((withHash.credentials?.password?.config as { hashed_password?: string } | undefined)?.hashed_password)).toMatch(/^\$argon2id\$/);
    expect((await failure(admin.getIdentity({ id: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
  });

  it('lists identities in pages linked by page tokens, and filters by identifier', async () => {
    const addresses = [email(), email(), email()];
    for (const address of addresses) await admin.createIdentity({ createIdentityBody: { schema_id: 'default', traits: traits(address) } });
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const { data, headers } = await admin.listIdentities({ pageSize: 2, pageToken: token });
      seen.push(...data.map((i) => i.id));
      token = /page_token=([^&>]+)[^,]*rel="next"/.exec(String(headers.link ?? ''))?.[1];
      pages++;
    } while (token);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBeGreaterThan(1);
    const { data: one } = await admin.listIdentities({ credentialsIdentifier: addresses[1]!.toUpperCase() });
    expect(one.map((i) => (i.traits as { email: string }).email)).toEqual([addresses[1]]);
    expect((await failure(admin.listIdentities({ pageToken: 'garbage' }))).status).toBe(400);
    expect((await failure(admin.listIdentities({ pageSize: 5000 }))).status).toBe(400);
  });

  it('updates an identity: the new address signs in, deactivation ends its sessions', async () => {
    const address = email();
    const { data: created } = await admin.createIdentity({
      createIdentityBody: { schema_id: 'default', traits: traits(address), credentials: { password: { config: { password: PASSWORD } } } },
    });
    const token = await signInNative(address);
    const renamed = email();
    const { data: updated } = await admin.updateIdentity({
      id: created.id,
      updateIdentityBody: { schema_id: 'default', traits: traits(renamed), state: 'active' },
    });
    expect(updated.credentials?.password?.identifiers).toEqual([renamed]);
    expect(await signInNative(renamed)).toMatch(/^ory_st_/);
    expect((await failure(signInNative(address))).status).toBe(400);

    await admin.updateIdentity({ id: created.id, updateIdentityBody: { schema_id: 'default', traits: traits(renamed), state: 'inactive' } });
    expect((await failure(frontend.toSession({ xSessionToken: token }))).status).toBe(401);
  });

  it('patches traits and metadata with JSON Patch, and refuses patching the id', async () => {
    const { data: created } = await admin.createIdentity({ createIdentityBody: { schema_id: 'default', traits: traits(email()) } });
    const { data: patched } = await admin.patchIdentity({
      id: created.id,
      jsonPatch: [
        { op: 'replace', path: '/traits/name/first', value: 'Amazing' },
        { op: 'add', path: '/metadata_public', value: { team: 'survey' } },
      ],
    });
    expect(patched.traits.name.first).toBe('Amazing');
    expect(patched.metadata_public).toEqual({ team: 'survey' });
    const refused = await failure(admin.patchIdentity({ id: created.id, jsonPatch: [{ op: 'replace', path: '/id', value: 'x' }] }));
    expect(refused.status).toBe(400);
    const invalid = await failure(admin.patchIdentity({ id: created.id, jsonPatch: [{ op: 'replace', path: '/traits/email', value: 'nope' }] }));
    expect(invalid.status).toBe(400);
    const { data: unchanged } = await admin.getIdentity({ id: created.id });
    expect(unchanged.traits.name.first).toBe('Amazing');
  });

  it('deletes an identity and second-factor credentials, but not the password', async () => {
    const { data: created } = await admin.createIdentity({
      createIdentityBody: { schema_id: 'default', traits: traits(email()), credentials: { password: { config: { password: PASSWORD } } } },
    });
    expect((await failure(admin.deleteIdentityCredentials({ id: created.id, type: 'password' }))).status).toBe(400);
    expect((await failure(admin.deleteIdentityCredentials({ id: created.id, type: 'totp' }))).status).toBe(404);
    expect((await admin.deleteIdentity({ id: created.id })).status).toBe(204);
    expect((await failure(admin.getIdentity({ id: created.id }))).status).toBe(404);
    expect((await failure(admin.deleteIdentity({ id: created.id }))).status).toBe(404);
  });

  it('removes a TOTP credential an identity enrolled', async () => {
    const browser = new TestBrowser(identity.publicUrl);
    const address = email();
    await register(browser, address);
    const { id } = (await admin.listIdentities({ credentialsIdentifier: address })).data[0]!;
    await identity.db.query(`INSERT INTO credentials (identity_id, type, config, version, created_at, updated_at) VALUES ($1, 'totp', '{}', 0, now(), now())`, [id]);
    expect((await admin.deleteIdentityCredentials({ id, type: 'totp' })).status).toBe(204);
    const { data } = await admin.getIdentity({ id });
    expect(Object.keys(data.credentials ?? {})).not.toContain('totp');
  });
});

describe('IdentityApi: sessions', () => {
  it('lists, gets, extends and disables sessions; an identity’s sessions can all be revoked', async () => {
    const address = email();
    const { data: created } = await admin.createIdentity({
      createIdentityBody: { schema_id: 'default', traits: traits(address), credentials: { password: { config: { password: PASSWORD } } } },
    });
    const first = await signInNative(address);
    const second = await signInNative(address);

    const { data: mine } = await admin.listIdentitySessions({ id: created.id });
    expect(mine).toHaveLength(2);
    expect(mine[0]!.identity?.id).toBe(created.id);

    const { data: all } = await admin.listSessions({ expand: ['identity'], active: true, pageSize: 1000 });
    const listed = all.filter((s) => s.identity?.id === created.id);
    expect(listed).toHaveLength(2);

    const { data: firstSession } = await frontend.toSession({ xSessionToken: first });
    const { data: got } = await admin.getSession({ id: firstSession.id, expand: ['identity'] });
    expect(got.identity?.id).toBe(created.id);

    identity.clock.advance(60 * 60_000);
    const { data: extended } = await admin.extendSession({ id: firstSession.id });
    expect(new Date(extended.expires_at!).getTime()).toBeGreaterThan(new Date(firstSession.expires_at!).getTime());

    expect((await admin.disableSession({ id: firstSession.id })).status).toBe(204);
    expect((await failure(frontend.toSession({ xSessionToken: first }))).status).toBe(401);
    expect((await failure(admin.extendSession({ id: firstSession.id }))).status).toBe(404);
    expect((await frontend.toSession({ xSessionToken: second })).status).toBe(200);

    expect((await admin.deleteIdentitySessions({ id: created.id })).status).toBe(204);
    expect((await failure(frontend.toSession({ xSessionToken: second }))).status).toBe(401);
    const { data: active } = await admin.listIdentitySessions({ id: created.id, active: true });
    expect(active).toEqual([]);
    expect((await failure(admin.getSession({ id: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
  });
});

describe('CourierApi', () => {
  it('lists the outbox newest first, filtered by recipient and status, and gets one message', async () => {
    const browser = new TestBrowser(identity.publicUrl);
    const address = email();
    await register(browser, address);
    const { data: messages } = await courier.listCourierMessages({ recipient: address });
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatchObject({ recipient: address, type: 'email', status: 'queued', template_type: 'verification_code_valid' });
    expect(messages[0]!.body).toMatch(/\b\d{6}\b/);
    const { data: queued } = await courier.listCourierMessages({ status: 'queued', recipient: address });
    expect(queued.map((m) => m.id)).toEqual(messages.map((m) => m.id));
    const { data: sent } = await courier.listCourierMessages({ status: 'sent', recipient: address });
    expect(sent).toEqual([]);
    const { data: one } = await courier.getCourierMessage({ id: messages[0]!.id });
    expect(one).toMatchObject({ id: messages[0]!.id, subject: messages[0]!.subject, dispatches: [] });
    expect((await failure(courier.getCourierMessage({ id: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
  });
});

describe('admin listener', () => {
  it('refuses every admin call without the bearer token', async () => {
    const anonymous = new IdentityApi(new Configuration({ basePath: identity.adminUrl }));
    expect((await failure(anonymous.listIdentities())).status).toBe(401);
    const wrong = new CourierApi(new Configuration({ basePath: identity.adminUrl, accessToken: 'wrong' }));
    expect((await failure(wrong.listCourierMessages())).status).toBe(401);
  });
});
