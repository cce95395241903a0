/**
 * The password strategy's UI messages, as Kratos builds them (`text/message_validation.go`):
 * same ids, same English texts, same context keys. Context keys are written in alphabetical
 * order because Kratos marshals a Go map, so the JSON matches byte for byte; a message with
 * no context leaves the field out, as Kratos omits it.
 */
import type { UiText } from '../../../../shared/identity-flow.js';

export type { UiText };

export const PasswordMessageId = {
  policyViolation: 4000005,
  invalidCredentials: 4000006,
  identifierTooSimilar: 4000031,
  minLength: 4000032,
  maxLength: 4000033,
  breached: 4000034,
} as const;

/** For a rejection no specific message covers; `reason` completes "because …". */
export function passwordPolicyViolation(reason: string): UiText {
  return {
    id: PasswordMessageId.policyViolation,
    text: `The password can not be used because ${reason}.`,
    type: 'error',
    context: { reason },
  };
}

/** One message for unknown identifier and wrong password alike, so neither is revealed. */
export function invalidCredentials(): UiText {
  return {
    id: PasswordMessageId.invalidCredentials,
    text: 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    type: 'error',
  };
}

export function passwordIdentifierTooSimilar(): UiText {
  return {
    id: PasswordMessageId.identifierTooSimilar,
    text: 'The password can not be used because it is too similar to the identifier.',
    type: 'error',
  };
}

export function passwordMinLength(minLength: number, actualLength: number): UiText {
  return {
    id: PasswordMessageId.minLength,
    text: `The password must be at least ${minLength} characters long, but got ${actualLength}.`,
    type: 'error',
    context: { actual_length: actualLength, min_length: minLength },
  };
}

export function passwordMaxLength(maxLength: number, actualLength: number): UiText {
  return {
    id: PasswordMessageId.maxLength,
    text: `The password must be at most ${maxLength} characters long, but got ${actualLength}.`,
    type: 'error',
    context: { actual_length: actualLength, max_length: maxLength },
  };
}

/** `breaches` is how often the password was seen; Kratos does not put the count in the text. */
export function passwordBreached(breaches: number): UiText {
  return {
    id: PasswordMessageId.breached,
    text: 'The password has been found in data breaches and must no longer be used.',
    type: 'error',
    context: { breaches },
  };
}
