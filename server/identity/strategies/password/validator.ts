/**
 * The password policy, answered the way Kratos answers it: rules run in Kratos' order
 * (minimum length, identifier similarity, breach list, with our maximum length after the
 * minimum) and the first that fails is the only message, so a flow can put the result
 * straight onto the `password` node.
 */
import { PASSWORD_MIN_LENGTH } from '../../../../shared/password-policy.js';
import type { PasswordPolicy } from '../../../platform/project-settings.js';
import { isCommonBreachedPassword } from './breached-passwords.js';
import { passwordBreached, passwordIdentifierTooSimilar, passwordMaxLength, passwordMinLength, type UiText } from './messages.js';
import { PASSWORD_MAX_LENGTH, countCharacters, normalizePassword } from './password-text.js';
import { isTooSimilarToIdentifier } from './similarity.js';

export interface PasswordPolicyOptions {
  /** Characters (code points); defaults to the 12 the client also asks for. */
  minLength?: number;
  /** Characters; defaults to, and may not exceed, what the hasher accepts. */
  maxLength?: number;
  /** Reject passwords too close to the identifier; on by default, as in Kratos. */
  identifierSimilarity?: boolean;
  /** Reject passwords on the offline breach list; on by default. */
  breachedCheck?: boolean;
  /** Sightings a password may have and still pass (Kratos' `max_breaches`, 0 by default). */
  maxBreaches?: number;
}

export interface PasswordCandidate {
  password: string;
  /** The identifier the password will sign in with; empty or absent skips the similarity rule. */
  identifier?: string | undefined;
}

export interface PasswordValidator {
  /** No messages means the password is acceptable. */
  validate(candidate: PasswordCandidate): Promise<readonly UiText[]>;
}

/**
 * The list holds passwords seen in breaches but not how often; one sighting is what it proves,
 * and Kratos' default `max_breaches` of 0 already rejects at one.
 */
const KNOWN_BREACHES = 1;

export function createPasswordValidator(options: PasswordPolicyOptions = {}): PasswordValidator {
  const minLength = options.minLength ?? PASSWORD_MIN_LENGTH;
  const maxLength = options.maxLength ?? PASSWORD_MAX_LENGTH;
  const identifierSimilarity = options.identifierSimilarity ?? true;
  const breachedCheck = (options.breachedCheck ?? true) && KNOWN_BREACHES > (options.maxBreaches ?? 0);

  if (!Number.isInteger(minLength) || minLength < 1) {
    throw new RangeError('Password minLength must be a positive integer');
  }
  if (!Number.isInteger(maxLength) || maxLength < minLength || maxLength > PASSWORD_MAX_LENGTH) {
    throw new RangeError(`Password maxLength must be an integer from minLength to ${PASSWORD_MAX_LENGTH}`);
  }

  return {
    async validate({ password, identifier }) {
      const normalized = normalizePassword(password);
      const length = countCharacters(normalized);
      if (length < minLength) return [passwordMinLength(minLength, length)];
      if (length > maxLength) return [passwordMaxLength(maxLength, length)];
      if (identifierSimilarity && identifier && isTooSimilarToIdentifier(identifier, normalized)) {
        return [passwordIdentifierTooSimilar()];
      }
      if (breachedCheck && (await isCommonBreachedPassword(normalized))) {
        return [passwordBreached(KNOWN_BREACHES)];
      }
      return [];
    },
  };
}

/**
 * The project's policy as it is at each call: a change saved in the project applies to the next
 * password checked. `breachedCheck` false (tests) keeps the breach list off whatever is saved.
 */
export function livePasswordValidator(policy: () => PasswordPolicy, breachedCheck: boolean): PasswordValidator {
  return {
    validate(candidate) {
      const current = policy();
      return createPasswordValidator({
        minLength: current.minLength,
        identifierSimilarity: current.identifierSimilarity,
        breachedCheck: breachedCheck && current.breachedCheck,
        maxBreaches: current.maxBreaches,
      }).validate(candidate);
    },
  };
}
