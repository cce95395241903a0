/**
 * Passkeys and security keys as the identity stores them, in Kratos' `credentials.passkey` and
 * `credentials.webauthn` configuration shape (byte strings in standard base64), so the admin
 * API shows what Kratos shows and an export moves between the two.
 */
import type { StoredCredential } from '../store/identities.js';
import { fromBase64, toBase64, toHex } from './encoding.js';

export interface StoredWebAuthnKey {
  id: string;
  public_key: string;
  attestation_type: string;
  authenticator: { aaguid: string; sign_count: number; clone_warning: boolean };
  display_name: string;
  added_at: string;
  is_passwordless: boolean;
  flags: { user_present: boolean; user_verified: boolean; backup_eligible: boolean; backup_state: boolean };
  transport: string[];
}

export interface WebAuthnKeysConfig {
  credentials: StoredWebAuthnKey[];
  /** The WebAuthn user id the identity's keys were made for (base64). */
  user_handle: string;
}

export function keysOf(credential: StoredCredential | undefined): WebAuthnKeysConfig {
  const config = credential?.config ?? {};
  const credentials = Array.isArray(config.credentials) ? (config.credentials as StoredWebAuthnKey[]) : [];
  return { credentials, user_handle: typeof config.user_handle === 'string' ? config.user_handle : '' };
}

/** The identifier a passkey sign-in finds its identity by: the user handle, in hex. */
export function userHandleIdentifier(userHandle: Uint8Array): string {
  return toHex(userHandle);
}

export function keyIdHex(key: StoredWebAuthnKey): string {
  return toHex(fromBase64(key.id));
}

export function keyIdBytes(key: StoredWebAuthnKey): Uint8Array {
  return fromBase64(key.id);
}

export function encodeBytes(bytes: Uint8Array): string {
  return toBase64(bytes);
}

/** A name not yet used among `taken`: "Chrome on Linux", then "Chrome on Linux (2)" … */
export function uniqueName(base: string, taken: readonly StoredWebAuthnKey[]): string {
  const names = new Set(taken.map((key) => key.display_name));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} (${n})`)) return `${base} (${n})`;
}
