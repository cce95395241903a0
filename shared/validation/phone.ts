/**
 * Phone numbers (SPECIFICATION §5): the plain pattern, and the international input's rule —
 * required, at most 250 characters, 2 to 17 digits, then the number must be valid for its
 * country (Germany when it has no +prefix) by that country's own patterns.
 */
import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'DE';
export const PHONE_MAX_LENGTH = 250;
export const PHONE_MIN_DIGITS = 2;
export const PHONE_MAX_DIGITS = 17;

/** An optional plus, 3 digits, 3 digits, then 4 to 7, with optional brackets, spaces, dashes or dots. */
const PLAIN_PHONE = /^\+?\(?\d{3}\)?[\s.-]?\(?\d{3}\)?[\s.-]?\d{4,7}$/;

export function isPlainPhoneNumber(value: string): boolean {
  return PLAIN_PHONE.test(value.trim());
}

export type PhoneCheck = { valid: true; e164: string; country: CountryCode | undefined } | { valid: false; reason: 'required' | 'too-long' | 'digit-count' | 'invalid' };

export function checkPhoneNumber(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): PhoneCheck {
  const text = value.trim();
  if (!text) return { valid: false, reason: 'required' };
  if (value.length > PHONE_MAX_LENGTH) return { valid: false, reason: 'too-long' };
  const digits = text.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) return { valid: false, reason: 'digit-count' };
  try {
    const number = parsePhoneNumberWithError(text, defaultCountry);
    if (!number.isValid()) return { valid: false, reason: 'invalid' };
    return { valid: true, e164: number.number, country: number.country };
  } catch {
    return { valid: false, reason: 'invalid' };
  }
}

export function isValidPhoneNumber(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): boolean {
  return checkPhoneNumber(value, defaultCountry).valid;
}

/** A valid number as people read and dial it: international form and a `tel:` URI; undefined when it is not valid. */
export function formatPhoneNumber(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): { international: string; uri: string } | undefined {
  try {
    const number = parsePhoneNumberWithError(value.trim(), defaultCountry);
    return number.isValid() ? { international: number.formatInternational(), uri: number.getURI() } : undefined;
  } catch {
    return undefined;
  }
}
