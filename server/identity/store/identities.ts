/**
 * Identities with their addresses and credentials. Every write that touches more than one row
 * takes a transaction handle, so an identity never exists without the identifiers that make
 * its e-mail address unique.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable, Transaction } from '../../db/database.js';
import type { AddressChannel } from '../traits/identity-schema.js';
import type { TraitAddress, TraitAddresses } from '../traits/trait-addresses.js';
import { UUID } from '../../../shared/uuid.js';

export type IdentityState = 'active' | 'inactive';
export type CredentialType = 'password' | 'code' | 'totp' | 'lookup_secret' | 'webauthn' | 'passkey' | 'oidc';

export interface VerifiableAddress {
  id: string;
  value: string;
  via: AddressChannel;
  verified: boolean;
  status: 'pending' | 'sent' | 'completed';
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface RecoveryAddress {
  id: string;
  value: string;
  via: AddressChannel;
  created_at: Date;
  updated_at: Date;
}

export interface StoredCredential {
  type: CredentialType;
  config: Record<string, unknown>;
  version: number;
  identifiers: string[];
  created_at: Date;
  updated_at: Date;
}

export interface StoredIdentity {
  id: string;
  schema_id: string;
  state: IdentityState;
  state_changed_at: Date | null;
  traits: Record<string, unknown>;
  metadata_public: unknown;
  metadata_admin: unknown;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
  verifiable_addresses: VerifiableAddress[];
  recovery_addresses: RecoveryAddress[];
}

export interface NewIdentity {
  schema_id: string;
  state: IdentityState;
  traits: Record<string, unknown>;
  metadata_public?: unknown;
  metadata_admin?: unknown;
  external_id?: string | null;
}

export interface NewCredential {
  type: CredentialType;
  config: Record<string, unknown>;
  identifiers: string[];
}

type IdentityRow = Omit<StoredIdentity, 'verifiable_addresses' | 'recovery_addresses'>;

const IDENTITY_COLUMNS = 'id, schema_id, state, state_changed_at, traits, metadata_public, metadata_admin, external_id, created_at, updated_at';

export async function insertIdentity(
  tx: Transaction,
  identity: NewIdentity,
  addresses: TraitAddresses,
  credentials: readonly NewCredential[],
  now: Date,
  verifiedAddresses: ReadonlySet<string> = new Set(),
): Promise<string> {
  const id = randomUUID();
  await tx.query(`INSERT INTO identities (${IDENTITY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`, [
    id,
    identity.schema_id,
    identity.state,
    now,
    JSON.stringify(identity.traits),
    json(identity.metadata_public),
    json(identity.metadata_admin),
    identity.external_id ?? null,
    now,
  ]);
  await syncAddresses(tx, id, addresses, now, verifiedAddresses);
  for (const credential of credentials) await upsertCredential(tx, id, credential, now);
  return id;
}

export async function getIdentity(q: Queryable, id: string): Promise<StoredIdentity | undefined> {
  if (!isUuid(id)) return undefined;
  const row = (await q.query<IdentityRow>(`SELECT ${IDENTITY_COLUMNS} FROM identities WHERE id = $1`, [id])).rows[0];
  if (!row) return undefined;
  const [withAddresses] = await attachAddresses(q, [row]);
  return withAddresses;
}

/**
 * Oldest first, keyset-paginated on (created_at, id); fetches up to `limit` rows. Filters: the
 * identifier an identity signs in with (password or code), or a list of ids.
 */
export async function listIdentities(
  q: Queryable,
  options: { limit: number; after?: { created_at: Date; id: string }; credentialsIdentifier?: string; ids?: string[] },
): Promise<StoredIdentity[]> {
  const rows = (
    await q.query<IdentityRow>(
      `SELECT ${IDENTITY_COLUMNS} FROM identities
        WHERE ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
          AND ($4::text IS NULL OR id IN (SELECT identity_id FROM credential_identifiers WHERE identifier = $4::text))
          AND ($5::uuid[] IS NULL OR id = ANY($5::uuid[]))
        ORDER BY created_at, id LIMIT $1`,
      [
        options.limit,
        options.after?.created_at ?? null,
        options.after?.id ?? null,
        options.credentialsIdentifier?.trim().toLowerCase() ?? null,
        options.ids?.filter(isUuid) ?? null,
      ],
    )
  ).rows;
  return attachAddresses(q, rows);
}

export async function updateIdentity(tx: Transaction, id: string, changes: NewIdentity, addresses: TraitAddresses, now: Date): Promise<void> {
  const current = (await tx.query<{ state: string }>('SELECT state FROM identities WHERE id = $1 FOR UPDATE', [id])).rows[0];
  if (!current) throw new Error(`identity ${id} vanished during an update`);
  await tx.query(
    `UPDATE identities SET schema_id = $2, state = $3, traits = $4, metadata_public = $5, metadata_admin = $6,
       external_id = $7, updated_at = $8,
       state_changed_at = CASE WHEN state = $3 THEN state_changed_at ELSE $8 END
     WHERE id = $1`,
    [id, changes.schema_id, changes.state, JSON.stringify(changes.traits), json(changes.metadata_public), json(changes.metadata_admin), changes.external_id ?? null, now],
  );
  await syncAddresses(tx, id, addresses, now);
  // Identifiers follow the traits: a changed e-mail address signs in from now on.
  for (const type of ['password', 'code'] as const) {
    await tx.query('DELETE FROM credential_identifiers WHERE identity_id = $1 AND type = $2', [id, type]);
    const held = await tx.query('SELECT 1 FROM credentials WHERE identity_id = $1 AND type = $2', [id, type]);
    if (held.rowCount) await insertIdentifiers(tx, id, type, addresses.identifiers[type]);
  }
}

export async function deleteIdentity(q: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await q.query('DELETE FROM identities WHERE id = $1', [id])).rowCount > 0;
}

export async function touchIdentity(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE identities SET updated_at = $2 WHERE id = $1', [id, now]);
}

export async function getCredentials(q: Queryable, identityId: string): Promise<StoredCredential[]> {
  const rows = (
    await q.query<Omit<StoredCredential, 'identifiers'> & { identifiers: string[] | null }>(
      `SELECT c.type, c.config, c.version, c.created_at, c.updated_at,
              array_agg(i.identifier ORDER BY i.identifier) FILTER (WHERE i.identifier IS NOT NULL) AS identifiers
         FROM credentials c
         LEFT JOIN credential_identifiers i ON i.identity_id = c.identity_id AND i.type = c.type
        WHERE c.identity_id = $1
        GROUP BY c.identity_id, c.type
        ORDER BY c.type`,
      [identityId],
    )
  ).rows;
  return rows.map((row) => ({ ...row, identifiers: row.identifiers ?? [] }));
}

export async function getCredential(q: Queryable, identityId: string, type: CredentialType): Promise<StoredCredential | undefined> {
  return (await getCredentials(q, identityId)).find((credential) => credential.type === type);
}

/** The identity holding `identifier` for credential `type`, e.g. the password login lookup. */
export async function findIdentityIdByIdentifier(q: Queryable, type: CredentialType, identifier: string): Promise<string | undefined> {
  const row = (await q.query<{ identity_id: string }>('SELECT identity_id FROM credential_identifiers WHERE type = $1 AND identifier = $2', [type, identifier])).rows[0];
  return row?.identity_id;
}

export async function upsertCredential(tx: Transaction, identityId: string, credential: NewCredential, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO credentials (identity_id, type, config, version, created_at, updated_at)
     VALUES ($1, $2, $3, 0, $4, $4)
     ON CONFLICT (identity_id, type) DO UPDATE SET config = EXCLUDED.config, updated_at = EXCLUDED.updated_at`,
    [identityId, credential.type, JSON.stringify(credential.config), now],
  );
  await tx.query('DELETE FROM credential_identifiers WHERE identity_id = $1 AND type = $2', [identityId, credential.type]);
  await insertIdentifiers(tx, identityId, credential.type, credential.identifiers);
}

/** Holds one credential row until the transaction ends, for a read-modify-write of its config. */
export async function lockCredential(tx: Transaction, identityId: string, type: CredentialType): Promise<void> {
  await tx.query('SELECT 1 FROM credentials WHERE identity_id = $1 AND type = $2 FOR UPDATE', [identityId, type]);
}

export async function deleteCredential(q: Queryable, identityId: string, type: CredentialType): Promise<boolean> {
  return (await q.query('DELETE FROM credentials WHERE identity_id = $1 AND type = $2', [identityId, type])).rowCount > 0;
}

export async function findIdentityIdByAddress(q: Queryable, table: 'verifiable_addresses' | 'recovery_addresses', address: TraitAddress): Promise<string | undefined> {
  const row = (await q.query<{ identity_id: string }>(`SELECT identity_id FROM ${table} WHERE via = $1 AND value = $2`, [address.via, address.value])).rows[0];
  return row?.identity_id;
}

/** Answers, when completed, the identity whose address it is (none: no such address any more). */
export async function setAddressStatus(q: Queryable, address: TraitAddress, status: 'sent' | 'completed', now: Date): Promise<string | undefined> {
  if (status === 'completed') {
    const done = await q.query<{ identity_id: string }>(
      `UPDATE verifiable_addresses SET verified = true, status = 'completed', verified_at = $3, updated_at = $3
        WHERE via = $1 AND value = $2 RETURNING identity_id`,
      [address.via, address.value, now],
    );
    return done.rows[0]?.identity_id;
  } else {
    await q.query(`UPDATE verifiable_addresses SET status = 'sent', updated_at = $3 WHERE via = $1 AND value = $2 AND NOT verified`, [address.via, address.value, now]);
    return undefined;
  }
}

async function insertIdentifiers(tx: Transaction, identityId: string, type: string, identifiers: readonly string[]): Promise<void> {
  for (const identifier of identifiers) {
    await tx.query('INSERT INTO credential_identifiers (type, identifier, identity_id) VALUES ($1, $2, $3)', [type, identifier, identityId]);
  }
}

/** Keeps addresses whose value stays (and so their verification), adds new ones, drops the rest. */
async function syncAddresses(tx: Transaction, identityId: string, addresses: TraitAddresses, now: Date, verifiedAddresses: ReadonlySet<string> = new Set()): Promise<void> {
  const key = (a: { via: string; value: string }) => `${a.via}:${a.value}`;
  for (const [table, wanted] of [
    ['verifiable_addresses', addresses.verifiable],
    ['recovery_addresses', addresses.recovery],
  ] as const) {
    const existing = (await tx.query<{ via: string; value: string }>(`SELECT via, value FROM ${table} WHERE identity_id = $1`, [identityId])).rows;
    const wantedKeys = new Set(wanted.map(key));
    const existingKeys = new Set(existing.map(key));
    for (const row of existing) {
      if (!wantedKeys.has(key(row))) {
        await tx.query(`DELETE FROM ${table} WHERE identity_id = $1 AND via = $2 AND value = $3`, [identityId, row.via, row.value]);
      }
    }
    for (const address of wanted) {
      if (existingKeys.has(key(address))) continue;
      if (table === 'verifiable_addresses') {
        const verified = verifiedAddresses.has(key(address));
        await tx.query(
          `INSERT INTO verifiable_addresses (id, identity_id, via, value, verified, status, verified_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
          [randomUUID(), identityId, address.via, address.value, verified, verified ? 'completed' : 'pending', verified ? now : null, now],
        );
      } else {
        await tx.query(`INSERT INTO recovery_addresses (id, identity_id, via, value, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)`, [
          randomUUID(),
          identityId,
          address.via,
          address.value,
          now,
        ]);
      }
    }
  }
}

async function attachAddresses(q: Queryable, rows: IdentityRow[]): Promise<StoredIdentity[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const verifiable = (
    await q.query<VerifiableAddress & { identity_id: string }>(
      `SELECT id, identity_id, value, via, verified, status, verified_at, created_at, updated_at
         FROM verifiable_addresses WHERE identity_id = ANY($1) ORDER BY created_at, value`,
      [ids],
    )
  ).rows;
  const recovery = (
    await q.query<RecoveryAddress & { identity_id: string }>(
      `SELECT id, identity_id, value, via, created_at, updated_at
         FROM recovery_addresses WHERE identity_id = ANY($1) ORDER BY created_at, value`,
      [ids],
    )
  ).rows;
  return rows.map((row) => ({
    ...row,
    verifiable_addresses: verifiable.filter((a) => a.identity_id === row.id).map(({ identity_id: _, ...a }) => a),
    recovery_addresses: recovery.filter((a) => a.identity_id === row.id).map(({ identity_id: _, ...a }) => a),
  }));
}

function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
