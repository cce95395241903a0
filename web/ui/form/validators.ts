/**
 * Checks for use-form-state, in the reader's language: each returns the message to show, or
 * undefined when the value is fine. The rules themselves live in shared/validation. The phone
 * check is in phone-validator.ts: its country metadata is large, and most forms have no phone.
 */
import { PASSWORD_MIN_LENGTH } from '../../../shared/password-policy.js';
import { checkVatId } from '../../../shared/validation/vat.js';
import type { Translate } from '../../lib/translator.js';

export type Check<V> = (value: V) => string | undefined;

export function required(t: Translate): Check<string | boolean | null> {
  return (value) => (value === null || value === false || (typeof value === 'string' && !value.trim()) ? t('admin.fieldRequired') : undefined);
}

/** Something that looks like an address (name@example.com); the server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailAddress(t: Translate): Check<string> {
  return (value) => (EMAIL.test(value.trim()) ? undefined : t('admin.form.emailInvalid'));
}

/** For a field that may stay empty: an empty value passes, anything typed must pass the check. */
export function optional(check: Check<string>): Check<string> {
  return (value) => (value.trim() ? check(value) : undefined);
}

/** An empty VAT ID passes unless the field is also required. */
export function vatId(t: Translate, country?: string): Check<string> {
  return (value) => (!value.trim() || checkVatId(value, country).valid ? undefined : t('admin.vatInvalid'));
}

export function password(t: Translate): Check<string> {
  return (value) => (value.length >= PASSWORD_MIN_LENGTH ? undefined : t('admin.passwordTooShort', { count: PASSWORD_MIN_LENGTH }));
}

/** The first failing check's message. */
export function all<V>(...checks: Check<V>[]): Check<V> {
  return (value) => {
    for (const check of checks) {
      const message = check(value);
      if (message) return message;
    }
    return undefined;
  };
}
