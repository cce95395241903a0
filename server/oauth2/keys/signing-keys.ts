/**
 * The ID token signing keys with their times (signing_keys, by kid), changed only while the
 * keys row is locked: a rotation by hand or on schedule, a retired key dropped by hand or pruned
 * once every token it signed has expired. Instances share the database, so whatever a pass found
 * before taking the lock is decided again under it: of two passes that both saw the key due, the
 * second finds the first one's new key and does nothing.
 */
import type { JWK } from 'oidc-provider';
import type { Database, Queryable, Transaction } from '../../db/database.js';
import { ID_TOKEN_KEY_SET, newSigningKey } from './provider-keys.js';
import { durationSeconds, ID_TOKEN_LIFESPAN_FIELDS } from '../lifespans.js';
import { prunable, removeAt, rotateAt, rotationDue, type TimedKey } from './signing-key-schedule.js';
import { recordOAuth2Event, type OAuth2Event } from '../audit.js';

export interface SigningKeyPolicy {
  /** Seconds a key signs before the maintenance pass replaces it. */
  rotateAfter: number;
  /** Seconds an ID token lives unless its client says otherwise (options.lifespans.idToken). */
  idTokenLifespan: number;
}

export interface SigningKeyChanges {
  /** The kid of the key that signs from now on, when this pass made one. */
  rotated: string | null;
  pruned: string[];
}

/** A key as the admin API lists it; times are absent only for a key no pass has seen yet. */
export interface ListedSigningKey {
  jwk: JWK;
  createdAt?: Date;
  retiredAt?: Date;
  /** The signing key: when the maintenance pass replaces it. */
  rotateAt?: Date;
  /** A retired key: when the maintenance pass drops it, with the lifespans as they are now. */
  removeAt?: Date;
}

interface StoredKey extends TimedKey {
  jwk: JWK;
}

interface Times {
  createdAt: Date;
  retiredAt: Date | null;
}

/** Back-channel logout tokens are signed with the same key; oidc-provider gives them two minutes. */
const LOGOUT_TOKEN_LIFESPAN = 120;

/** How often every instance rereads the stored keys (maintenance.ts). */
export const KEYS_REREAD_SECONDS = 60;

const NO_CHANGES: SigningKeyChanges = Object.freeze({ rotated: null, pruned: [] });

async function readKeys(q: Queryable, lock: boolean): Promise<JWK[]> {
  const row = await q.query<{ value: JWK[] }>(`SELECT value FROM keys WHERE name = $1${lock ? ' FOR UPDATE' : ''}`, [ID_TOKEN_KEY_SET]);
  return row.rows[0]?.value ?? [];
}

async function readTimes(q: Queryable): Promise<Map<string, Times>> {
  const rows = await q.query<{ kid: string; created_at: Date; retired_at: Date | null }>('SELECT kid, created_at, retired_at FROM signing_keys');
  return new Map(rows.rows.map((row) => [row.kid, { createdAt: row.created_at, retiredAt: row.retired_at }]));
}

/** Every key has its times, every key but the first is retired, and no row outlives its key. */
function settled(jwks: readonly JWK[], times: ReadonlyMap<string, Times>): boolean {
  return jwks.length === times.size && jwks.every((jwk, index) => times.has(jwk.kid!) && (index === 0 || times.get(jwk.kid!)!.retiredAt !== null));
}

/**
 * Locks the keys row and answers the keys with their times. A key stored before keys had times
 * (or by anything that did not record them) gets its clock started now, when first seen: created
 * now and, unless it signs, retired now. Its tokens may be older than that, so the clock can only
 * keep it longer than needed, never drop it early.
 */
async function lockedKeys(tx: Transaction, now: Date): Promise<StoredKey[]> {
  const jwks = await readKeys(tx, true);
  const kids = jwks.map((jwk) => jwk.kid!);
  let times = await readTimes(tx);
  if (!settled(jwks, times)) {
    for (const [index, kid] of kids.entries()) {
      await tx.query('INSERT INTO signing_keys (kid, created_at, retired_at) VALUES ($1, $2, $3) ON CONFLICT (kid) DO NOTHING', [kid, now, index === 0 ? null : now]);
    }
    await tx.query('UPDATE signing_keys SET retired_at = $2 WHERE kid = ANY($1::text[]) AND retired_at IS NULL', [kids.slice(1), now]);
    await tx.query('DELETE FROM signing_keys WHERE NOT (kid = ANY($1::text[]))', [kids]);
    times = await readTimes(tx);
  }
  return jwks.map((jwk) => ({ jwk, kid: jwk.kid!, ...times.get(jwk.kid!)! }));
}

async function storeKeys(tx: Transaction, keys: readonly StoredKey[]): Promise<void> {
  await tx.query('UPDATE keys SET value = $2 WHERE name = $1', [ID_TOKEN_KEY_SET, JSON.stringify(keys.map((key) => key.jwk))]);
  for (const key of keys) {
    await tx.query(
      `INSERT INTO signing_keys (kid, created_at, retired_at) VALUES ($1, $2, $3)
       ON CONFLICT (kid) DO UPDATE SET created_at = EXCLUDED.created_at, retired_at = EXCLUDED.retired_at`,
      [key.kid, key.createdAt, key.retiredAt],
    );
  }
  await tx.query('DELETE FROM signing_keys WHERE NOT (kid = ANY($1::text[]))', [keys.map((key) => key.kid)]);
}

/** The new key first: it signs from `now`; the one that signed until then is retired at `now`. */
function rotated(keys: readonly StoredKey[], now: Date): StoredKey[] {
  const jwk = newSigningKey();
  const [signing, ...retired] = keys;
  return [{ jwk, kid: jwk.kid!, createdAt: now, retiredAt: null }, ...(signing ? [{ ...signing, retiredAt: now }] : []), ...retired];
}

/**
 * Seconds a retired key must stay published: the longest a token it signed can live, counted from
 * the last moment any instance could still sign with it. ID tokens
 * live the default or their client's lifespan for the grant; logout tokens two minutes. Access
 * and refresh tokens are opaque, nothing of theirs is signed.
 */
async function longestSignedLifespan(q: Queryable, idTokenLifespan: number): Promise<number> {
  const rows = await q.query<{ value: string }>(
    "SELECT field.value FROM models, jsonb_each_text(models.payload) AS field WHERE models.model = 'Client' AND field.key = ANY($1::text[])",
    [ID_TOKEN_LIFESPAN_FIELDS],
  );
  // Another instance goes on signing with a retired key until its next reread of the keys.
  return KEYS_REREAD_SECONDS + Math.max(idTokenLifespan, LOGOUT_TOKEN_LIFESPAN, ...rows.rows.map((row) => durationSeconds(row.value) ?? 0));
}

/** Gives the keys made before keys had times their times, at start, so the listing has them from then on. */
export async function recordSigningKeyTimes(db: Database, now: Date): Promise<void> {
  await db.transaction((tx) => lockedKeys(tx, now));
}

/** `oauth2.signing_key.rotated`, in the rotation's transaction: the new key's id and the one it retired, on demand or on schedule. */
function recordRotation(tx: Transaction, keys: readonly StoredKey[], by: RotatedBy, now: Date): Promise<unknown> {
  return recordOAuth2Event(
    tx,
    {
      action: 'oauth2.signing_key.rotated',
      actor: by.actor,
      target: { type: 'signing-key', id: keys[0]!.kid, name: ID_TOKEN_KEY_SET },
      requestId: by.requestId ?? null,
      details: { trigger: by.trigger, ...(keys[1] ? { retired: keys[1].kid } : {}) },
    },
    now,
  );
}

export interface RotatedBy {
  trigger: 'on-demand' | 'scheduled';
  actor: OAuth2Event['actor'];
  requestId?: string | null;
}

const SCHEDULE: RotatedBy = { trigger: 'scheduled', actor: { type: 'system', name: 'signing key schedule' } };

/** A new signing key first in the set: it signs from now on, the older ones still verify. */
export async function rotateSigningKey(db: Database, now: Date, by: RotatedBy): Promise<JWK[]> {
  return db.transaction(async (tx) => {
    const keys = rotated(await lockedKeys(tx, now), now);
    await storeKeys(tx, keys);
    await recordRotation(tx, keys, by, now);
    return keys.map((key) => key.jwk);
  });
}

/** Drops a retired key (by hand, before the maintenance pass would); the signing key cannot go. */
export async function removeSigningKey(db: Database, kid: string, now: Date): Promise<'removed' | 'missing' | 'signing'> {
  return db.transaction(async (tx) => {
    const keys = await lockedKeys(tx, now);
    const index = keys.findIndex((key) => key.kid === kid);
    if (index < 0) return 'missing';
    if (index === 0) return 'signing';
    await storeKeys(
      tx,
      keys.filter((key) => key.kid !== kid),
    );
    return 'removed';
  });
}

/** Whether a pass at `now` has anything to do, read without the lock: most passes find nothing. */
async function needsWork(db: Database, policy: SigningKeyPolicy, now: Date): Promise<boolean> {
  const jwks = await readKeys(db, false);
  const times = await readTimes(db);
  if (jwks.length === 0) return false;
  if (!settled(jwks, times)) return true;
  const keys = jwks.map((jwk) => ({ kid: jwk.kid!, ...times.get(jwk.kid!)! }));
  if (rotationDue(keys[0]!, policy.rotateAfter, now)) return true;
  return keys.length > 1 && prunable(keys, await longestSignedLifespan(db, policy.idTokenLifespan), now).length > 0;
}

/**
 * The maintenance pass: a signing key that has signed for `policy.rotateAfter` is replaced, and a
 * retired key whose last possible token has expired is dropped. Decided again under the lock.
 */
export async function maintainSigningKeys(db: Database, policy: SigningKeyPolicy, now: Date): Promise<SigningKeyChanges> {
  if (!(await needsWork(db, policy, now))) return NO_CHANGES;
  return db.transaction(async (tx) => {
    let keys = await lockedKeys(tx, now);
    if (keys.length === 0) return NO_CHANGES;
    const due = rotationDue(keys[0]!, policy.rotateAfter, now);
    if (due) keys = rotated(keys, now);
    const gone = keys.length > 1 ? prunable(keys, await longestSignedLifespan(tx, policy.idTokenLifespan), now).map((key) => key.kid) : [];
    if (!due && gone.length === 0) return NO_CHANGES;
    await storeKeys(
      tx,
      keys.filter((key) => !gone.includes(key.kid)),
    );
    if (due) await recordRotation(tx, keys, SCHEDULE, now);
    return { rotated: due ? keys[0]!.kid : null, pruned: gone };
  });
}

/** The keys, signing one first, with when each was made, stopped signing, and will be replaced or dropped. */
export async function listSigningKeys(db: Queryable, policy: SigningKeyPolicy): Promise<ListedSigningKey[]> {
  const jwks = await readKeys(db, false);
  const times = await readTimes(db);
  const keepFor = jwks.length > 1 ? await longestSignedLifespan(db, policy.idTokenLifespan) : 0;
  return jwks.map((jwk, index) => {
    const known = times.get(jwk.kid!);
    if (!known) return { jwk };
    const key = { kid: jwk.kid!, ...known };
    if (index === 0) return { jwk, createdAt: known.createdAt, rotateAt: rotateAt(key, policy.rotateAfter) };
    return { jwk, createdAt: known.createdAt, retiredAt: known.retiredAt ?? undefined, removeAt: removeAt(key, keepFor) };
  });
}
