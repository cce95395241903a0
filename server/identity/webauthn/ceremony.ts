/**
 * The two WebAuthn ceremonies: the options a browser needs to make or use a key, and checking
 * what it answers (@simplewebauthn/server verifies signatures, origins, RP id hashes, flags and
 * sign counters). Options are built here, synchronously, in the JSON form the browser script
 * decodes: `{"publicKey": {...}}` with byte strings in base64url.
 */
import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { encodeBytes, keyIdBytes, type StoredWebAuthnKey } from './stored-keys.js';
import { fromBase64, fromBase64Url, toBase64Url } from './encoding.js';
import { CEREMONY_TIMEOUT_MS, PUBLIC_KEY_ALGORITHMS, type RelyingParty } from './relying-party.js';

/** What a flow keeps between offering a ceremony and receiving its answer. */
export interface PendingCeremony {
  challenge: string;
  /** Registration: the WebAuthn user id the new key is made for (base64url). */
  user_handle?: string;
}

export type KeyKind = 'passkey' | 'security_key';

/** Imported with the first ceremony: its certificate and ASN.1 libraries are large and most servers never see one. */
const simpleWebAuthn = () => import('@simplewebauthn/server');

export function newChallenge(): string {
  return toBase64Url(randomBytes(32));
}

export function newUserHandle(): string {
  return toBase64Url(randomBytes(32));
}

function descriptor(key: StoredWebAuthnKey) {
  return { type: 'public-key', id: toBase64Url(keyIdBytes(key)), ...(key.transport.length ? { transports: key.transport } : {}) };
}

/**
 * Passkeys live on the authenticator (discoverable) and always verify the user; a security key
 * is a second factor that needs only presence.
 */
export function creationOptions(
  rp: RelyingParty,
  kind: KeyKind,
  pending: Required<PendingCeremony>,
  user: { name: string; displayName: string },
  existing: readonly StoredWebAuthnKey[],
) {
  const passkey = kind === 'passkey';
  return {
    publicKey: {
      rp: { name: rp.name, id: rp.id },
      user: { id: pending.user_handle, name: user.name, displayName: user.displayName },
      challenge: pending.challenge,
      pubKeyCredParams: PUBLIC_KEY_ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.map(descriptor),
      authenticatorSelection: passkey
        ? { residentKey: 'required', requireResidentKey: true, userVerification: 'required' }
        : { residentKey: 'discouraged', requireResidentKey: false, userVerification: 'discouraged' },
      attestation: 'none',
    },
  };
}

/** Passkeys: no list, the authenticator offers what it holds for this site. Security keys: the identity's. */
export function requestOptions(rp: RelyingParty, kind: KeyKind, challenge: string, allowed: readonly StoredWebAuthnKey[]) {
  return {
    publicKey: {
      challenge,
      timeout: CEREMONY_TIMEOUT_MS,
      rpId: rp.id,
      allowCredentials: allowed.map(descriptor),
      userVerification: kind === 'passkey' ? 'required' : 'discouraged',
    },
  };
}

export class CeremonyError extends Error {
  override name = 'CeremonyError';
}

function parseResponse<T>(raw: unknown): T {
  if (typeof raw !== 'string' || !raw.trim()) throw new CeremonyError('the browser sent no WebAuthn response');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new CeremonyError('the WebAuthn response is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { id?: unknown }).id !== 'string') {
    throw new CeremonyError('the WebAuthn response has no credential id');
  }
  return { clientExtensionResults: {}, ...parsed } as T;
}

/** Checks a new key's attestation and returns it in the stored shape. */
export async function verifyCreation(rp: RelyingParty, kind: KeyKind, raw: unknown, challenge: string, details: { displayName: string; now: Date }): Promise<StoredWebAuthnKey> {
  const response = parseResponse<RegistrationResponseJSON>(raw);
  const { verifyRegistrationResponse } = await simpleWebAuthn();
  let result;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: kind === 'passkey',
      supportedAlgorithmIDs: [...PUBLIC_KEY_ALGORITHMS],
    });
  } catch (error) {
    throw new CeremonyError((error as Error).message);
  }
  if (!result.verified) throw new CeremonyError('the attestation did not verify');
  const info = result.registrationInfo;
  return {
    id: encodeBytes(fromBase64Url(info.credential.id)),
    public_key: encodeBytes(info.credential.publicKey),
    attestation_type: info.fmt,
    authenticator: { aaguid: encodeBytes(Buffer.from(info.aaguid.replace(/-/g, ''), 'hex')), sign_count: info.credential.counter, clone_warning: false },
    display_name: details.displayName,
    added_at: new Date(Math.round(details.now.getTime() / 1000) * 1000).toISOString(),
    is_passwordless: kind === 'passkey',
    flags: { user_present: true, user_verified: info.userVerified, backup_eligible: info.credentialDeviceType === 'multiDevice', backup_state: info.credentialBackedUp },
    transport: info.credential.transports ?? [],
  };
}

export interface Assertion {
  response: AuthenticationResponseJSON;
  /** The user handle the authenticator returned (empty for a non-discoverable key). */
  userHandle: Uint8Array;
}

export function parseAssertion(raw: unknown): Assertion {
  const response = parseResponse<AuthenticationResponseJSON>(raw);
  const handle = response.response?.userHandle;
  return { response, userHandle: typeof handle === 'string' && handle ? fromBase64Url(handle) : new Uint8Array() };
}

/**
 * Checks a signature by one of `keys`; returns the key with its new sign count. A count that
 * does not move forward means a cloned authenticator, and is refused.
 */
export async function verifyAssertion(rp: RelyingParty, kind: KeyKind, assertion: Assertion, challenge: string, keys: readonly StoredWebAuthnKey[]): Promise<StoredWebAuthnKey> {
  const rawId = assertion.response.rawId || assertion.response.id;
  const key = keys.find((candidate) => Buffer.from(keyIdBytes(candidate)).equals(Buffer.from(fromBase64Url(rawId))));
  if (!key) throw new CeremonyError('no such key for this account');
  const { verifyAuthenticationResponse } = await simpleWebAuthn();
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: assertion.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: toBase64Url(keyIdBytes(key)), publicKey: new Uint8Array(fromBase64(key.public_key)), counter: key.authenticator.sign_count },
      requireUserVerification: kind === 'passkey',
    });
  } catch (error) {
    throw new CeremonyError((error as Error).message);
  }
  if (!result.verified) throw new CeremonyError('the signature did not verify');
  const info = result.authenticationInfo;
  return {
    ...key,
    authenticator: { ...key.authenticator, sign_count: info.newCounter },
    flags: { ...key.flags, user_verified: info.userVerified, backup_state: info.credentialBackedUp },
  };
}
