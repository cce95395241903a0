/**
 * whoami answers from memory, yet every change made through the service shows on the next
 * request: the write classification, the cache's rules, and the service end to end.
 */
import { Configuration, FrontendApi, IdentityApi } from '@ory/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhoamiCache, type WhoamiAnswer } from '../../../server/identity/sessions/whoami-cache.js';
import { changesWhoami } from '../../../server/identity/store/write-watch.js';
import { PASSWORD } from './support/flows.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from './support/identity-instance.js';

describe('changesWhoami', () => {
  it.each([
    ['UPDATE sessions SET active = false, updated_at = $2 WHERE id = $1 AND active', true],
    ['DELETE FROM identities WHERE id = $1', true],
    ['UPDATE identities SET traits = $2 WHERE id = $1', true],
    ['INSERT INTO credentials (identity_id, type, config) VALUES ($1, $2, $3)', true],
    ['INSERT INTO verifiable_addresses (id, identity_id, value) VALUES ($1, $2, $3)', true],
    ["  update recovery_addresses set value = 'x'", true],
    ['INSERT INTO sessions (id, token_hash) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET active = true', true],
    ['WITH gone AS (DELETE FROM sessions WHERE expires_at < $1 RETURNING id) SELECT count(*) FROM gone', true],
    ['SELECT id FROM sessions WHERE id = $1 FOR UPDATE', true],
    ['INSERT INTO sessions (id, token_hash) VALUES ($1, $2)', false],
    ['INSERT INTO identities (id, schema_id) VALUES ($1, $2)', false],
    ['SELECT s.id FROM sessions s JOIN identities i ON i.id = s.identity_id WHERE s.token_hash = $1', false],
    ['UPDATE flows SET state = $2 WHERE id = $1', false],
    ['INSERT INTO courier_messages (id, recipient) VALUES ($1, $2)', false],
  ])('%s → %s', (sql, expected) => {
    expect(changesWhoami(sql)).toBe(expected);
  });
});

describe('WhoamiCache', () => {
  let now = 1_000_000;
  const cache = () => new WhoamiCache({ ttlMs: 5_000, max: 2, now: () => new Date(now) });
  const answer = (body: string, expiresAt = now + 60_000): WhoamiAnswer => ({ identityId: 'i', needsAal2: false, body, expiresAt });
  const deferred = () => {
    let resolve!: (value: WhoamiAnswer | undefined) => void;
    const promise = new Promise<WhoamiAnswer | undefined>((r) => (resolve = r));
    return { promise, resolve };
  };
  /** A loader that counts its reads and answers `body` (no body: an unknown token). */
  const reader = (body: string | undefined) => {
    const loader = Object.assign(
      async () => {
        loader.reads++;
        return body === undefined ? undefined : answer(body);
      },
      { reads: 0 },
    );
    return loader;
  };

  it('reads a token once, then answers from memory', async () => {
    const c = cache();
    const load = reader('A');
    expect((await c.lookup('a', load))?.body).toBe('A');
    expect((await c.lookup('a', load))?.body).toBe('A');
    expect(load.reads).toBe(1);
  });

  it('refreshes in the background after the TTL, reads in the foreground after twice that', async () => {
    const c = cache();
    await c.lookup('a', reader('A'));
    now += 5_000;
    const second = reader('A2');
    // Still the old answer, synchronously, while one read refreshes it.
    expect((c.lookup('a', second) as WhoamiAnswer).body).toBe('A');
    expect((c.lookup('a', second) as WhoamiAnswer).body).toBe('A');
    await Promise.resolve();
    expect(second.reads).toBe(1);
    expect((await c.lookup('a', second))?.body).toBe('A2');
    now += 10_000;
    const third = reader('A3');
    const read = c.lookup('a', third);
    expect(read).toBeInstanceOf(Promise);
    expect((await read)?.body).toBe('A3');
  });

  it('never answers past the session’s expiry', async () => {
    const c = cache();
    await c.lookup('b', async () => answer('B', now + 1_000));
    now += 1_000;
    expect(await c.lookup('b', reader(undefined))).toBeUndefined();
  });

  it('keeps no unknown token, and at most `max` answers, dropping the oldest', async () => {
    const c = cache();
    const none = reader(undefined);
    await c.lookup('none', none);
    await c.lookup('none', none);
    expect(none.reads).toBe(2);
    for (const key of ['a', 'b', 'c']) await c.lookup(key, reader(key));
    expect(c.size).toBe(2);
    const again = reader('a again');
    expect((await c.lookup('a', again))?.body).toBe('a again');
    expect(again.reads).toBe(1);
  });

  it('shares one read among concurrent misses, but not across a write', async () => {
    const c = cache();
    const first = deferred();
    let reads = 0;
    const load = () => (++reads === 1 ? first.promise : Promise.resolve(answer('after the write')));
    const a = c.lookup('t', load);
    const b = c.lookup('t', load);
    expect(reads).toBe(1);
    c.invalidate();
    // A request that arrives after the write must not be handed the read that began before it.
    const after = c.lookup('t', load);
    expect(reads).toBe(2);
    first.resolve(answer('before the write'));
    expect((await a)?.body).toBe('before the write');
    expect((await b)?.body).toBe('before the write');
    expect((await after)?.body).toBe('after the write');
    expect((await c.lookup('t', load))?.body).toBe('after the write');
    expect(reads).toBe(2);
  });

  it('does not keep a read that a write overtook', async () => {
    const c = cache();
    const read = deferred();
    const filled = c.lookup('t', () => read.promise);
    c.invalidate();
    read.resolve(answer('stale'));
    expect((await filled)?.body).toBe('stale');
    expect((await c.lookup('t', reader('fresh')))?.body).toBe('fresh');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const c = new WhoamiCache({ ttlMs: 0, max: 10, now: () => new Date(now) });
    const load = reader('A');
    await c.lookup('t', load);
    await c.lookup('t', load);
    expect(load.reads).toBe(2);
  });
});

describe('whoami through the service, cache warm', () => {
  let identity: TestIdentity;
  let admin: IdentityApi;
  let frontend: FrontendApi;
  let n = 0;

  beforeAll(async () => {
    identity = await startTestIdentity();
    admin = new IdentityApi(new Configuration({ basePath: identity.adminUrl, accessToken: TEST_ADMIN_TOKEN }));
    frontend = new FrontendApi(new Configuration({ basePath: identity.publicUrl }));
  });
  afterAll(async () => identity?.stop());

  async function account(): Promise<{ id: string; address: string }> {
    const address = `cached${++n}-${Date.now()}@example.com`;
    const { data } = await admin.createIdentity({
      createIdentityBody: {
        schema_id: 'default',
        traits: { email: address, name: { first: 'Ada', last: 'Lovelace' } },
        credentials: { password: { config: { password: PASSWORD } } },
      },
    });
    return { id: data.id, address };
  }

  async function signIn(address: string): Promise<string> {
    const { data: flow } = await frontend.createNativeLoginFlow();
    const { data } = await frontend.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: address, password: PASSWORD } });
    return data.session_token!;
  }

  async function whoami(token: string): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await fetch(`${identity.publicUrl}/sessions/whoami`, { headers: { 'X-Session-Token': token } });
    return { status: response.status, body: await response.json(), headers: response.headers };
  }

  it('answers the same JSON, headers included, from the database and from memory', async () => {
    const { id, address } = await account();
    const token = await signIn(address);
    const first = await whoami(token);
    const second = await whoami(token);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.identity.id).toBe(id);
    for (const answer of [first, second]) {
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('x-kratos-authenticated-identity-id')).toBe(id);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('shows trait changes, a disabled session, a disabled identity and a logout on the next request', async () => {
    const { id, address } = await account();
    const token = await signIn(address);
    const other = await signIn(address);
    await whoami(token);
    await whoami(other);

    await admin.patchIdentity({ id, jsonPatch: [{ op: 'replace', path: '/traits/name/first', value: 'Augusta' }] });
    expect((await whoami(token)).body.identity.traits.name.first).toBe('Augusta');

    const { data: sessions } = await admin.listIdentitySessions({ id });
    const otherSession = (await whoami(other)).body.id as string;
    expect(sessions.map((s) => s.id)).toContain(otherSession);
    await admin.disableSession({ id: otherSession });
    expect((await whoami(other)).status).toBe(401);
    expect((await whoami(token)).status).toBe(200);

    await frontend.performNativeLogout({ performNativeLogoutBody: { session_token: token } });
    expect((await whoami(token)).status).toBe(401);

    const again = await signIn(address);
    expect((await whoami(again)).status).toBe(200);
    await admin.patchIdentity({ id, jsonPatch: [{ op: 'replace', path: '/state', value: 'inactive' }] });
    expect((await whoami(again)).status).toBe(401);
  });

  it('asks for the second factor as soon as one is added, and ends with the session', async () => {
    const { id, address } = await account();
    const token = await signIn(address);
    expect((await whoami(token)).status).toBe(200);
    // What enrolling an authenticator app writes, made through the service's own handle.
    const service = identity.service.context.db;
    await service.query(`INSERT INTO credentials (identity_id, type, config, version, created_at, updated_at) VALUES ($1, 'totp', '{}', 0, now(), now())`, [id]);
    const refused = await whoami(token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.id).toBe('session_aal2_required');
    await service.query(`DELETE FROM credentials WHERE identity_id = $1 AND type = 'totp'`, [id]);
    expect((await whoami(token)).status).toBe(200);

    identity.clock.advance(identity.options.lifespans.sessionMs + 1_000);
    expect((await whoami(token)).status).toBe(401);
  });

  it('sees another process’s write once the answer has aged out', async () => {
    const { id, address } = await account();
    const token = await signIn(address);
    expect((await whoami(token)).body.identity.traits.name.first).toBe('Ada');
    // The test's own handle is not the service's: to the service this is another process.
    await identity.db.query(`UPDATE identities SET traits = jsonb_set(traits, '{name,first}', '"Grace"') WHERE id = $1`, [id]);
    expect((await whoami(token)).body.identity.traits.name.first).toBe('Ada');
    // Past the TTL the old answer is served once more while it is read again; past twice it is read first.
    identity.clock.advance(10_001);
    expect((await whoami(token)).body.identity.traits.name.first).toBe('Grace');
  });

  it('forgets a deleted identity at once', async () => {
    const { id, address } = await account();
    const token = await signIn(address);
    expect((await whoami(token)).status).toBe(200);
    await admin.deleteIdentity({ id });
    expect((await whoami(token)).status).toBe(401);
  });
});
