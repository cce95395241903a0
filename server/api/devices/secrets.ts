/** Claim codes and device tokens are kept as SHA-256 only; these make and compare them. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Claim codes are printed on labels: compare them ignoring case, spaces and dashes. */
export function normaliseClaimCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export function claimCodeMatches(code: string, storedHash: string): boolean {
  const given = Buffer.from(sha256Hex(normaliseClaimCode(code)), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** `swd_` + 32 random bytes: recognisable in a leaked log, unguessable. */
export function newDeviceToken(): string {
  return `swd_${randomBytes(32).toString('base64url')}`;
}
