/**
 * Creating an identity from a registration: traits, addresses and the credentials it signs in
 * with, in one transaction. The unique identifier index decides "already exists", so two
 * simultaneous sign-ups with one address cannot both succeed.
 */
import type { Transaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { insertIdentity, type CredentialType, type NewIdentity } from '../store/identities.js';
import type { JsonSchema } from '../traits/identity-schema.js';
import { extractTraitAddresses } from '../traits/trait-addresses.js';

export class DuplicateIdentifierError extends Error {
  override name = 'DuplicateIdentifierError';
}

export interface RegistrationCredential {
  type: CredentialType;
  config: Record<string, unknown>;
  /** Set by credentials that name their own identifiers (a passkey's user handle, a provider link); else from the traits. */
  identifiers?: string[];
}

export async function createRegisteredIdentity(
  tx: Transaction,
  schema: { id: string; schema: JsonSchema },
  traits: Record<string, unknown>,
  credentials: readonly RegistrationCredential[],
  now: Date,
  verified: readonly { via: string; value: string }[] = [],
): Promise<string> {
  return createIdentity(tx, schema, { schema_id: schema.id, state: 'active', traits }, credentials, now, verified);
}

/** Any identity, as the admin API creates them: with its state, metadata and external id. */
export async function createIdentity(
  tx: Transaction,
  schema: { id: string; schema: JsonSchema },
  identity: NewIdentity,
  credentials: readonly RegistrationCredential[],
  now: Date,
  verified: readonly { via: string; value: string }[] = [],
): Promise<string> {
  const addresses = extractTraitAddresses(schema.schema, identity.traits);
  // Every identity with a code-capable address may also sign in with an e-mailed code.
  const all = [...credentials];
  if (addresses.identifiers.code.length && !all.some((c) => c.type === 'code')) {
    all.push({ type: 'code', config: { addresses: addresses.codeAddresses } });
  }
  try {
    return await insertIdentity(
      tx,
      identity,
      addresses,
      all.map((c) => ({
        type: c.type,
        config: c.config,
        identifiers: c.identifiers ?? (c.type === 'password' || c.type === 'code' ? addresses.identifiers[c.type] : []),
      })),
      now,
      new Set(verified.map((a) => `${a.via}:${a.value}`)),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIdentifierError('identifier exists', { cause: error });
    throw error;
  }
}
