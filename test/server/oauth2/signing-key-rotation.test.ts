/**
 * Signing keys on a schedule: the maintenance pass replaces a signing key older than the
 * rotation setting (once, however many instances race to), the new key signs while the old one
 * stays published for the tokens it signed, and a retired key goes by itself once every ID token
 * it can have signed has expired (a client's longer ID-token lifespan counts). The signing key
 * never goes. The clock is the pass's argument, so months pass without waiting. On PGlite and on
 * PostgreSQL (there with two instances on one database).
 */
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { DEFAULT_OAUTH2_LIFESPANS, type OAuth2ServiceOptions } from '../../../server/oauth2/options.js';
import { startOAuth2Service, type RunningOAuth2Service } from '../../../server/oauth2/start.js';
import { BACKENDS } from './support/backends.js';
import { readTrail } from '../audit/read-trail.js';

const TOKEN = 'oauth2-admin-token-for-tests';
const ISSUER = 'http://localhost:3000/.ory';
const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
const MINUTE = 60 * SECOND;
/** An ID token's default hour, after the minute another instance may still sign with a retired key. */
const KEEP = HOUR + MINUTE;

const options: OAuth2ServiceOptions = {
  issuer: ISSUER,
  uiUrl: 'http://localhost:3000',
  adminToken: TOKEN,
  identityAdmin: () => undefined,
  lifespans: DEFAULT_OAUTH2_LIFESPANS,
  dynamicRegistration: false,
  signingKeyRotation: 90 * 86_400,
};

interface Instance {
  db: Database;
  running: RunningOAuth2Service;
}

interface AdminKey {
  kid: string;
  created_at?: string;
  retired_at?: string;
  remove_after?: string;
  rotate_after?: string;
  d?: string;
}

describe.each(BACKENDS)('signing key rotation on %s', (_name, makeBackend) => {
  const backend = makeBackend();
  const instances: Instance[] = [];
  let first: Instance;
  let second: Instance;
  let clientId: string;
  /** When the first key's clock started: at the first start. */
  let started: number;

  const startInstance = async (): Promise<Instance> => {
    const db = await backend.open();
    const running = await startOAuth2Service({ db, options });
    const instance = { db, running };
    instances.push(instance);
    return instance;
  };

  const admin = async (method: string, adminPath: string, body?: unknown) => {
    const response = await fetch(new URL(adminPath, first.running.adminUrl), {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  const adminKeys = async (): Promise<AdminKey[]> => (await admin('GET', '/admin/keys/hydra.openid.id-token')).body.keys;
  const jwks = async (instance = first) => (await (await fetch(`${instance.running.publicUrl}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
  const published = async (instance = first) => (await jwks(instance)).keys.map((key) => key.kid);

  /** An ID token as the token endpoint would sign it now, for the client given (its lifespans apply). */
  const idToken = async (instance = first, client = clientId) => {
    const provider = instance.running.service.host.current;
    const token = new provider.IdToken({ sub: 'someone' }, { client: await provider.Client.find(client) });
    return token.issue({ use: 'idtoken' });
  };
  const kidOf = (jwt: string) => decodeProtectedHeader(jwt).kid;
  /** Whether a relying party that fetched the JWKS now would accept the token's signature. */
  const verifies = async (jwt: string) => {
    try {
      await jwtVerify(jwt, createLocalJWKSet(await jwks()), { issuer: ISSUER, currentDate: new Date(decodeJwtIat(jwt) * 1000) });
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    started = Date.now();
    first = await startInstance();
    second = backend.separateInstances ? await startInstance() : first;
    const created = await admin('POST', '/admin/clients', { client_name: 'Relying party', redirect_uris: ['https://rp.example/cb'], scope: 'openid' });
    expect(created.status).toBe(201);
    clientId = created.body.client_id;
  });

  afterAll(async () => {
    for (const { running, db } of instances.reverse()) {
      await running.close().catch(() => undefined);
      await db.close().catch(() => undefined);
    }
    await backend.cleanup();
  });

  let oldKid: string;
  let newKid: string;
  let oldToken: string;
  let rotatedAt: number;

  it('gives the first key a creation time and a date it will be replaced', async () => {
    const [key, ...others] = await adminKeys();
    expect(others).toEqual([]);
    oldKid = key!.kid;
    expect(key!.d).toBeUndefined();
    expect(Date.parse(key!.created_at!)).toBeGreaterThanOrEqual(started - SECOND);
    expect(Date.parse(key!.rotate_after!)).toBe(Date.parse(key!.created_at!) + 90 * DAY);
    expect(key!.retired_at).toBeUndefined();
    expect(key!.remove_after).toBeUndefined();
  });

  it('keeps a signing key younger than the setting', async () => {
    expect(await first.running.service.maintainSigningKeys(new Date(started + 89 * DAY))).toEqual({ rotated: null, pruned: [] });
    expect(await published()).toEqual([oldKid]);
  });

  it('rotates a signing key older than the setting in one pass, once when two instances race', async () => {
    oldToken = await idToken();
    expect(kidOf(oldToken)).toBe(oldKid);

    rotatedAt = started + 91 * DAY;
    const at = new Date(rotatedAt);
    const outcomes = await Promise.all([first.running.service.maintainSigningKeys(at), second.running.service.maintainSigningKeys(at)]);
    const rotated = outcomes.map((outcome) => outcome.rotated).filter((kid) => kid !== null);
    expect(rotated).toHaveLength(1);
    newKid = rotated[0]!;
    expect(newKid).not.toBe(oldKid);
    // One rotation, one event, written with the new key by whichever instance made it.
    const events = await readTrail<{ at: string }>(
      first.db,
      "SELECT actor_type, actor_name, target_type, target_id, at, details FROM audit_events WHERE action = 'oauth2.signing_key.rotated'",
    );
    expect(events).toMatchObject([
      { actor_type: 'system', actor_name: 'signing key schedule', target_type: 'signing-key', target_id: newKid, details: { trigger: 'scheduled', retired: oldKid } },
    ]);
    expect(new Date(events[0]!.at).getTime()).toBe(rotatedAt);
    const stored = (await first.db.query<{ value: { kid: string }[] }>("SELECT value FROM keys WHERE name = 'hydra.openid.id-token'")).rows[0]!.value;
    expect(stored.map((key) => key.kid)).toEqual([newKid, oldKid]);

    // Both instances serve the new set at once: each pass reloads its own provider.
    expect(await published(first)).toEqual([newKid, oldKid]);
    expect(await published(second)).toEqual([newKid, oldKid]);
    expect(kidOf(await idToken(first))).toBe(newKid);
    expect(kidOf(await idToken(second))).toBe(newKid);
    // A token the old key signed still verifies against the published set.
    expect(await verifies(oldToken)).toBe(true);

    const [signing, retired] = await adminKeys();
    expect(signing).toMatchObject({ kid: newKid, created_at: at.toISOString(), rotate_after: new Date(rotatedAt + 90 * DAY).toISOString() });
    // Tokens live an hour by default (logout tokens two minutes): the old key goes an hour after the last instance stopped signing with it.
    expect(retired).toMatchObject({ kid: oldKid, retired_at: at.toISOString(), remove_after: new Date(rotatedAt + KEEP).toISOString() });
    expect(retired!.rotate_after).toBeUndefined();

    // A later pass, on either instance, has nothing more to do.
    expect(await second.running.service.maintainSigningKeys(new Date(rotatedAt + 10 * SECOND))).toEqual({ rotated: null, pruned: [] });
  });

  it('prunes the retired key once every ID token it signed has expired, and never the signing key', async () => {
    expect(await first.running.service.maintainSigningKeys(new Date(rotatedAt + KEEP - SECOND))).toEqual({ rotated: null, pruned: [] });
    expect(await published()).toEqual([newKid, oldKid]);

    // The signing key is older than an ID token's lifespan by now, and stays.
    expect(await first.running.service.maintainSigningKeys(new Date(rotatedAt + KEEP + SECOND))).toEqual({ rotated: null, pruned: [oldKid] });
    expect(await published(first)).toEqual([newKid]);
    // The other instance drops it at its next reread of the stored keys (every minute).
    await second.running.service.host.reload(second.db);
    expect(await published(second)).toEqual([newKid]);
    expect(await verifies(oldToken)).toBe(false);
    expect((await adminKeys()).map((key) => key.kid)).toEqual([newKid]);
    expect((await first.db.query('SELECT kid FROM signing_keys ORDER BY created_at')).rows).toEqual([{ kid: newKid }]);

    // Long after, with nothing retired: the signing key is still there and still signs.
    expect(await first.running.service.maintainSigningKeys(new Date(rotatedAt + 80 * DAY))).toEqual({ rotated: null, pruned: [] });
    expect(kidOf(await idToken())).toBe(newKid);
  });

  it("waits for a client's longer ID-token lifespan before pruning", async () => {
    const longer = await admin('PUT', `/admin/clients/${clientId}/lifespans`, { refresh_token_grant_id_token_lifespan: '5h' });
    expect(longer.status).toBe(200);
    const signedBefore = await idToken();

    const at = rotatedAt + 91 * DAY;
    const { rotated } = await first.running.service.maintainSigningKeys(new Date(at));
    expect(rotated).toEqual(expect.any(String));
    expect((await adminKeys())[1]).toMatchObject({ kid: newKid, remove_after: new Date(at + 5 * HOUR + MINUTE).toISOString() });

    expect(await first.running.service.maintainSigningKeys(new Date(at + HOUR + SECOND))).toEqual({ rotated: null, pruned: [] });
    expect(await published()).toEqual([rotated, newKid]);
    expect(await verifies(signedBefore)).toBe(true);
    expect(await first.running.service.maintainSigningKeys(new Date(at + 5 * HOUR + MINUTE + SECOND))).toEqual({ rotated: null, pruned: [newKid] });
    expect(await published()).toEqual([rotated]);
  });

  it('starts the clock of a key stored before keys had times when it is first seen', async () => {
    const [{ kid }] = (await adminKeys()) as [AdminKey];
    // As an earlier version left it: the key, and no times.
    await first.db.query('DELETE FROM signing_keys');
    const seen = started + 400 * DAY;
    expect(await first.running.service.maintainSigningKeys(new Date(seen))).toEqual({ rotated: null, pruned: [] });
    expect((await adminKeys())[0]).toMatchObject({ kid, created_at: new Date(seen).toISOString() });
    expect((await first.running.service.maintainSigningKeys(new Date(seen + 91 * DAY))).rotated).toEqual(expect.any(String));
  });
});

function decodeJwtIat(jwt: string): number {
  return (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number }).iat;
}
