/** The shared field rules: phone numbers, EU VAT IDs, the country list and upload accept lists. */
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryCode, countryName, isCountryCode } from '../../shared/countries.js';
import { checkPhoneNumber, DEFAULT_PHONE_COUNTRY, formatPhoneNumber, isPlainPhoneNumber, isValidPhoneNumber, PHONE_MAX_LENGTH } from '../../shared/validation/phone.js';
import { checkVatId, isValidVatId, normalizeVatId, VAT_EXAMPLES, VAT_FORMATS, vatPrefix } from '../../shared/validation/vat.js';
import { acceptsFile, mayAcceptDrag } from '../../web/ui/accept-file.js';

describe('plain phone pattern', () => {
  it.each(['123-456-7890', '(123) 456-7890', '+123.456.7890', '123 456 7890123', '1234567890'])('accepts %s', (value) => {
    expect(isPlainPhoneNumber(value)).toBe(true);
  });
  it.each(['12-34', '123 456 78901234', 'phone 123 456 7890', '123_456_7890', ''])('refuses %s', (value) => {
    expect(isPlainPhoneNumber(value)).toBe(false);
  });
});

describe('international phone numbers', () => {
  it('reads a number without +prefix as German', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('DE');
    expect(checkPhoneNumber('030 1234567')).toEqual({ valid: true, e164: '+49301234567', country: 'DE' });
    expect(checkPhoneNumber('0151 23456789')).toMatchObject({ valid: true, e164: '+4915123456789' });
  });

  it('takes the country from a +prefix and applies its own patterns', () => {
    expect(checkPhoneNumber('+33 6 12 34 56 78')).toMatchObject({ valid: true, country: 'FR' });
    expect(checkPhoneNumber('+1 202 555 0143')).toMatchObject({ valid: true, country: 'US' });
    // Right length, but 555 is no US area code: a length check alone would let it through.
    expect(checkPhoneNumber('+1 555 555 5555')).toEqual({ valid: false, reason: 'invalid' });
  });

  it('is required', () => {
    expect(checkPhoneNumber('')).toEqual({ valid: false, reason: 'required' });
    expect(checkPhoneNumber('   ')).toEqual({ valid: false, reason: 'required' });
  });

  it('counts 2 to 17 digits and at most 250 characters', () => {
    expect(checkPhoneNumber('+4')).toEqual({ valid: false, reason: 'digit-count' });
    expect(checkPhoneNumber('+49 301234567890123456')).toEqual({ valid: false, reason: 'digit-count' });
    expect(checkPhoneNumber(`030 1234567${' '.repeat(PHONE_MAX_LENGTH)}`)).toEqual({ valid: false, reason: 'too-long' });
    expect(PHONE_MAX_LENGTH).toBe(250);
  });

  it('refuses letters and numbers too short for their country', () => {
    expect(isValidPhoneNumber('call me')).toBe(false);
    expect(isValidPhoneNumber('+49 12')).toBe(false);
    expect(isValidPhoneNumber('0000000000')).toBe(false);
  });

  it('formats a valid number for reading and dialling, and nothing else', () => {
    expect(formatPhoneNumber('030 1234567')).toEqual({ international: '+49 30 1234567', uri: 'tel:+49301234567' });
    expect(formatPhoneNumber('+33612345678')).toEqual({ international: '+33 6 12 34 56 78', uri: 'tel:+33612345678' });
    expect(formatPhoneNumber('0612345678', 'FR')?.international).toBe('+33 6 12 34 56 78');
    expect(formatPhoneNumber('+1 555 555 5555')).toBeUndefined();
    expect(formatPhoneNumber('call me')).toBeUndefined();
  });
});

describe('EU VAT IDs', () => {
  it('has a format and a valid example for every member-state prefix', () => {
    expect(Object.keys(VAT_EXAMPLES).sort()).toEqual(Object.keys(VAT_FORMATS).sort());
    for (const [prefix, example] of Object.entries(VAT_EXAMPLES)) expect(checkVatId(example), example).toEqual({ valid: true, prefix, vatId: example });
  });

  it('ignores case, spaces, dots and dashes', () => {
    expect(normalizeVatId('de 123.456-789')).toBe('DE123456789');
    expect(isValidVatId('de 123 456 789')).toBe(true);
  });

  it.each([
    'DE12345678',
    'DE1234567890',
    'ATU1234567',
    'AT12345678',
    'NL123456789A01',
    'ES123456789',
    'BE2123456789',
    'SE123456789012',
    'GB123456789',
    'US123456789',
    'DEABCDEFGHI',
    '',
  ])('refuses %s', (value) => {
    expect(isValidVatId(value)).toBe(false);
  });

  it('takes the prefix as optional when the country is known', () => {
    expect(checkVatId('123456789', 'DE')).toEqual({ valid: true, prefix: 'DE', vatId: 'DE123456789' });
    expect(checkVatId('U12345678', 'AT')).toEqual({ valid: true, prefix: 'AT', vatId: 'ATU12345678' });
    expect(checkVatId('12345678', 'DE')).toEqual({ valid: false });
    // Greece is GR in ISO 3166 but EL in VAT numbers.
    expect(vatPrefix('GR')).toBe('EL');
    expect(checkVatId('123456789', 'GR')).toEqual({ valid: true, prefix: 'EL', vatId: 'EL123456789' });
  });

  it('refuses a number of another country than the one given, and countries outside the EU', () => {
    expect(isValidVatId('DE123456789', 'AT')).toBe(false);
    expect(isValidVatId('123456789', 'US')).toBe(false);
  });

  it('without prefix or country, accepts a number some member state would, without guessing which', () => {
    expect(checkVatId('123456789')).toEqual({ valid: true, prefix: undefined, vatId: '123456789' });
    expect(checkVatId('123456789B01')).toEqual({ valid: true, prefix: 'NL', vatId: 'NL123456789B01' });
    expect(checkVatId('1')).toEqual({ valid: false });
  });
});

describe('countries', () => {
  it('lists the 249 ISO 3166-1 countries once each', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map(([code]) => code)).size).toBe(249);
    expect(new Set(COUNTRIES.map(([, name]) => name)).size).toBe(249);
    for (const [code] of COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('finds a country by code or English name, and nothing else', () => {
    expect(countryCode('de')).toBe('DE');
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode(' united kingdom ')).toBe('GB');
    expect(countryName('fr')).toBe('France');
    expect(isCountryCode('EU')).toBe(false);
    expect(countryCode('Atlantis')).toBeUndefined();
  });
});

describe('upload accept lists', () => {
  const pdf = { name: 'Invoice.PDF', type: 'application/pdf' };
  const png = { name: 'floor.png', type: 'image/png' };
  it('matches extensions, families and exact types', () => {
    expect(acceptsFile(pdf, ['.pdf'])).toBe(true);
    expect(acceptsFile(png, ['image/*'])).toBe(true);
    expect(acceptsFile(png, ['image/png'])).toBe(true);
    expect(acceptsFile(pdf, ['image/*', '.png'])).toBe(false);
    expect(acceptsFile(pdf, undefined)).toBe(true);
  });
  it('refuses a dragged file early only when the list names exact types', () => {
    expect(mayAcceptDrag((type) => type === 'image/png', ['image/png'])).toBe(true);
    expect(mayAcceptDrag((type) => type === 'application/pdf', ['image/png'])).toBe(false);
    expect(mayAcceptDrag(() => false, ['.pdf'])).toBe(true);
  });
});
