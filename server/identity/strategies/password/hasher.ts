/**
 * Argon2id password hashes in PHC string form (`$argon2id$v=19$m=…,t=…,p=1$<salt>$<digest>`,
 * the same form Kratos stores). Verification recomputes the digest with the stored salt and
 * parameters and compares it with `timingSafeEqual`, so the comparison cannot leak how many
 * bytes matched, and a login for an identifier with no identity does the same work through
 * `verifyAgainstNothing`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, hashRaw, parseOptions } from '@node-rs/argon2';
import { passwordMaxLength, type UiText } from './messages.js';
import { PASSWORD_MAX_LENGTH, countCharacters, normalizePassword } from './password-text.js';

// The binding declares its enums `const`, which isolatedModules cannot inline; these are their values.
const ARGON2ID = 2;
const VERSION_0X13 = 1;

const PARALLELISM = 1;
const DIGEST_BYTES = 32;

export interface Argon2Cost {
  /** KiB of memory per hash (`m=`). */
  memoryCost: number;
  /** Passes over that memory (`t=`). */
  timeCost: number;
}

/**
 * OWASP's floor for argon2id with one lane is 19 MiB × 2 passes, or 46 MiB × 1 pass. We take the
 * larger memory of the two and keep the second pass: an attacker's guess then needs 46 MiB of
 * memory-hard work, while a hash costs about 23 ms on the project's 2-core machine, so a burst
 * of logins is not throttled by hashing. One lane, because concurrent logins already compete
 * for those two cores; lanes would add memory without adding throughput.
 */
export const ARGON2_COST: Readonly<Argon2Cost> = Object.freeze({ memoryCost: 47_104, timeCost: 2 });

/** Below OWASP's minimum a hash is too cheap to guess against, so no configuration may go there. */
const MIN_COST: Readonly<Argon2Cost> = Object.freeze({ memoryCost: 19_456, timeCost: 2 });

/** Thrown by `hash` past the maximum length; `uiText` is Kratos id 4000033 for the password node. */
export class PasswordTooLongError extends Error {
  readonly uiText: UiText;

  constructor(actualLength: number) {
    const uiText = passwordMaxLength(PASSWORD_MAX_LENGTH, actualLength);
    super(uiText.text);
    this.name = 'PasswordTooLongError';
    this.uiText = uiText;
  }
}

export interface PasswordHasher {
  /** A PHC string with a fresh 16-byte salt. Throws `PasswordTooLongError` past the maximum length. */
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches the stored hash. A password past the maximum length is simply
   * wrong: it can never have been stored. A malformed stored hash throws, since that is a
   * data fault and not a wrong password.
   */
  verify(storedHash: string, password: string): Promise<boolean>;
  /** The work of `verify` against a real hash, always false: for an identifier with no identity. */
  verifyAgainstNothing(password: string): Promise<false>;
  /** Whether a hash was made with other parameters; after a successful login, store a fresh one. */
  needsRehash(storedHash: string): boolean;
}

export function createPasswordHasher(cost: Argon2Cost = ARGON2_COST): PasswordHasher {
  checkCost(cost);
  const options = {
    algorithm: ARGON2ID,
    version: VERSION_0X13,
    memoryCost: cost.memoryCost,
    timeCost: cost.timeCost,
    parallelism: PARALLELISM,
    outputLen: DIGEST_BYTES,
  };

  // Made up front, off the event loop, so that even the first unknown identifier costs one
  // verification and not a hash plus a verification.
  const decoy = argon2Hash(randomBytes(32), options);
  decoy.catch(() => undefined);

  return {
    async hash(password) {
      const normalized = normalizePassword(password);
      const length = countCharacters(normalized);
      if (length > PASSWORD_MAX_LENGTH) throw new PasswordTooLongError(length);
      return argon2Hash(normalized, options);
    },

    verify: (storedHash, password) => matches(storedHash, password),

    async verifyAgainstNothing(password) {
      await matches(await decoy, password);
      return false;
    },

    needsRehash(storedHash) {
      const stored = parseOptions(storedHash);
      return (
        stored.algorithm !== ARGON2ID ||
        stored.version !== VERSION_0X13 ||
        stored.memoryCost !== cost.memoryCost ||
        stored.timeCost !== cost.timeCost ||
        stored.parallelism !== PARALLELISM ||
        stored.outputLen !== DIGEST_BYTES
      );
    },
  };
}

async function matches(storedHash: string, password: string): Promise<boolean> {
  const stored = decodeStoredHash(storedHash);
  const normalized = normalizePassword(password);
  if (countCharacters(normalized) > PASSWORD_MAX_LENGTH) return false;
  const computed = await hashRaw(normalized, {
    algorithm: stored.algorithm,
    version: stored.version,
    memoryCost: stored.memoryCost,
    timeCost: stored.timeCost,
    parallelism: stored.parallelism,
    outputLen: stored.digest.length,
    salt: stored.salt,
  });
  return timingSafeEqual(computed, stored.digest);
}

/** `parseOptions` validates the string and reads its parameters; salt and digest are its last two fields. */
function decodeStoredHash(storedHash: string) {
  const parsed = parseOptions(storedHash);
  const fields = storedHash.split('$');
  const salt = Buffer.from(fields.at(-2) ?? '', 'base64');
  const digest = Buffer.from(fields.at(-1) ?? '', 'base64');
  if (salt.length !== parsed.saltLen || digest.length !== parsed.outputLen || digest.length === 0) {
    throw new Error('Stored password hash is not a well-formed argon2 PHC string');
  }
  return { ...parsed, salt, digest };
}

function checkCost(cost: Argon2Cost): void {
  const { memoryCost, timeCost } = cost;
  if (!Number.isInteger(memoryCost) || !Number.isInteger(timeCost)) {
    throw new RangeError('Argon2 memoryCost and timeCost must be integers');
  }
  if (memoryCost < MIN_COST.memoryCost || timeCost < MIN_COST.timeCost) {
    throw new RangeError(`Argon2 cost below the OWASP minimum (m=${MIN_COST.memoryCost} KiB, t=${MIN_COST.timeCost})`);
  }
}
