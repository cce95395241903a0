/** Opaque bearer secrets with the protocol's prefixes, 256 bits of randomness each. */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  // 62 does not divide 256: redraw the bytes that would bias the low letters.
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out.push(ALPHABET[byte % 62]!);
    }
  }
  return out.join('');
}

export const newSessionToken = () => `ory_st_${randomAlphanumeric(43)}`;
export const newLogoutToken = () => `ory_lo_${randomAlphanumeric(43)}`;
