/**
 * The steps passkeys and security keys share in settings: offering the browser a creation
 * ceremony bound to the flow, and storing a verified new key beside the identity's others.
 * They differ only in which credential they keep and what the ceremony asks of the
 * authenticator (`KeyChoice`).
 */
import type { Call } from '../flows/call.js';
import { addMessage, type Flow } from '../flows/flow-service.js';
import type { StoredCredential, StoredIdentity } from '../store/identities.js';
import { failure } from '../ui/messages.js';
import { CeremonyError, creationOptions, newChallenge, newUserHandle, verifyCreation, type KeyKind, type PendingCeremony } from './ceremony.js';
import { fromBase64, fromBase64Url, toBase64Url } from './encoding.js';
import { changeKeys, type KeyCredentialType } from './key-store.js';
import { remember, type PendingKey } from './pending.js';
import { relyingParty } from './relying-party.js';
import { encodeBytes, keysOf, uniqueName, type WebAuthnKeysConfig } from './stored-keys.js';
import { recordSettingsChange } from '../audit.js';

export interface KeyChoice {
  credential: KeyCredentialType;
  ceremony: KeyKind;
  pendingKey: PendingKey;
  /** What the credential is found by (a passkey by its user handle, a security key by its identity). */
  identifiers(config: WebAuthnKeysConfig, identityId: string): string[];
}

/** The account name the authenticator shows: the identity's first sign-in identifier. */
function accountName(identity: StoredIdentity, credentials: readonly StoredCredential[]): string {
  return credentials.find((c) => (c.type === 'password' || c.type === 'code') && c.identifiers.length)?.identifiers[0] ?? identity.id;
}

export function creationOffer(call: Call, flow: Flow, identity: StoredIdentity, credentials: readonly StoredCredential[], choice: KeyChoice) {
  const current = keysOf(credentials.find((c) => c.type === choice.credential));
  // Every key of one kind shares the identity's user handle, so a new one replaces none on the device.
  const handle = current.user_handle ? toBase64Url(fromBase64(current.user_handle)) : newUserHandle();
  const pending = { challenge: newChallenge(), user_handle: handle };
  remember(flow, choice.pendingKey, pending);
  const name = accountName(identity, credentials);
  return creationOptions(relyingParty(call.ctx.options), choice.ceremony, pending, { name, displayName: name }, current.credentials);
}

/**
 * Verifies the browser's answer to the offered ceremony and stores the new key under a name no
 * other key has. False when refused: the flow then carries the message.
 */
export async function addVerifiedKey(
  call: Call,
  flow: Flow,
  identityId: string,
  choice: KeyChoice,
  pending: PendingCeremony | undefined,
  answer: unknown,
  displayName: string,
): Promise<boolean> {
  const { ctx } = call;
  if (!pending?.user_handle) {
    addMessage(flow, failure.invalidWebAuthn());
    return false;
  }
  let key;
  try {
    key = await verifyCreation(relyingParty(ctx.options), choice.ceremony, answer, pending.challenge, { displayName, now: ctx.now() });
  } catch (error) {
    if (!(error instanceof CeremonyError)) throw error;
    ctx.log.info({ identityId, reason: error.message }, `${choice.ceremony} registration refused`);
    addMessage(flow, failure.invalidWebAuthn());
    return false;
  }
  const handle = fromBase64Url(pending.user_handle);
  await changeKeys(
    ctx,
    identityId,
    choice.credential,
    (next) => choice.identifiers(next, identityId),
    (config) => ({
      user_handle: config.user_handle || encodeBytes(handle),
      credentials: [...config.credentials.filter((existing) => existing.id !== key.id), { ...key, display_name: uniqueName(key.display_name, config.credentials) }],
    }),
    (tx) => recordSettingsChange(tx, call.request, identityId, { method: choice.credential, change: 'added' }, ctx.now()),
  );
  return true;
}
