/**
 * How a password string is measured and put into canonical form, shared by the policy and the
 * hasher so that the length a user is told about is the length that gets hashed.
 */

/**
 * Argon2 has no input limit (unlike bcrypt's 72 bytes), but every byte is read on every
 * attempt, so an unbounded password lets one request make the server hash megabytes.
 * 1024 characters is far past any passphrase or password-manager output.
 */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * NIST SP 800-63B asks verifiers to normalise Unicode: an "ü" typed precomposed on one device
 * and as "u" + combining diaeresis on another must be the same secret. NFKC also folds
 * compatibility forms such as full-width digits.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/**
 * Code points rather than bytes (Kratos counts bytes) or UTF-16 units: an emoji or an umlaut
 * is one character to the person typing it, and the policy's messages speak of characters.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
