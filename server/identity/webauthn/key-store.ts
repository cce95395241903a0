/**
 * Reading and changing an identity's passkeys or security keys. A change runs in one
 * transaction with the credential row locked, so two browsers adding keys at once both keep
 * theirs, and a sign count only ever moves forward.
 */
import type { IdentityContext } from '../context.js';
import type { Queryable, Transaction } from '../../db/database.js';
import { deleteCredential, getCredential, lockCredential, upsertCredential } from '../store/identities.js';
import { keysOf, type StoredWebAuthnKey, type WebAuthnKeysConfig } from './stored-keys.js';

export type KeyCredentialType = 'passkey' | 'webauthn';

export async function loadKeys(q: Queryable, identityId: string, type: KeyCredentialType): Promise<WebAuthnKeysConfig & { identifiers: string[] }> {
  const credential = await getCredential(q, identityId, type);
  return { ...keysOf(credential), identifiers: credential?.identifiers ?? [] };
}

/**
 * `change` gets the current keys and returns the new ones (or undefined to leave them). No keys
 * left removes the credential, as Kratos does.
 */
export async function changeKeys(
  ctx: IdentityContext,
  identityId: string,
  type: KeyCredentialType,
  identifiers: (current: WebAuthnKeysConfig) => string[],
  change: (current: WebAuthnKeysConfig) => WebAuthnKeysConfig | undefined,
  /** Runs in the change's transaction when there was one (the audit event of a key added or removed). */
  changed?: (tx: Transaction) => Promise<unknown>,
): Promise<WebAuthnKeysConfig | undefined> {
  return ctx.db.transaction(async (tx) => {
    await lockCredential(tx, identityId, type);
    const current = keysOf(await getCredential(tx, identityId, type));
    const next = change(current);
    if (!next) return undefined;
    if (next.credentials.length === 0) await deleteCredential(tx, identityId, type);
    else await upsertCredential(tx, identityId, { type, config: { ...next }, identifiers: identifiers(next) }, ctx.now());
    await changed?.(tx);
    return next;
  });
}

/**
 * Records a key's use once its assertion verified: its new sign count and flags. False when the
 * key is gone or its count did not move forward under the row's lock (a cloned key, or two
 * sign-ins racing with one count).
 */
export async function recordKeyUse(
  ctx: IdentityContext,
  identityId: string,
  type: KeyCredentialType,
  identifiers: (current: WebAuthnKeysConfig) => string[],
  used: StoredWebAuthnKey,
): Promise<boolean> {
  let fresh = false;
  await changeKeys(ctx, identityId, type, identifiers, (config) => {
    const stored = config.credentials.find((key) => key.id === used.id);
    const count = used.authenticator.sign_count;
    if (!stored || (count > 0 && count <= stored.authenticator.sign_count)) return undefined;
    fresh = true;
    return { ...config, credentials: config.credentials.map((key) => (key === stored ? { ...key, authenticator: used.authenticator, flags: used.flags } : key)) };
  });
  return fresh;
}
