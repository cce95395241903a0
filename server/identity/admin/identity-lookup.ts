/** What the admin identity routes share: finding an identity, showing it, and naming a conflict. */
import type { IdentityContext } from '../context.js';
import { DuplicateIdentifierError } from '../identities/create-identity.js';
import { KratosError } from '../http/kratos-error.js';
import { identityToWire } from '../sessions/wire.js';
import { getCredentials, getIdentity, type StoredIdentity } from '../store/identities.js';
import { isUniqueViolation } from '../../db/errors.js';

export type IdParams = { id: string };

/** The identity as the admin API shows it, with its credentials (configuration only when asked). */
export async function adminWire(ctx: IdentityContext, identity: StoredIdentity, includeConfig = false): Promise<Record<string, unknown>> {
  return identityToWire(identity, ctx.options.publicUrl, { admin: true, credentials: await getCredentials(ctx.db, identity.id), includeConfig });
}

export async function mustGetIdentity(ctx: IdentityContext, id: string): Promise<StoredIdentity> {
  const identity = await getIdentity(ctx.db, id);
  if (!identity) throw new KratosError(404, { reason: `No identity with id ${id}.` });
  return identity;
}

/** A clash on an identifier or external id is the caller's 409; anything else stays as it is. */
export function conflictOr(error: unknown): unknown {
  if (error instanceof DuplicateIdentifierError || isUniqueViolation(error)) {
    return new KratosError(409, { reason: 'An identity with the same identifier or external id already exists.' });
  }
  return error;
}
