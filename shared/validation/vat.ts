/**
 * EU VAT identification numbers by their member-state formats (SPECIFICATION §5): the country
 * prefix is optional when the country is known otherwise; spaces, dots and dashes are ignored.
 * This checks the format only, not whether the number is registered.
 */

/** The number after the prefix, per prefix. Greece uses EL; XI is Northern Ireland. */
export const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** One well-formed number per prefix, shown as a hint beside the field. */
export const VAT_EXAMPLES: Readonly<Record<string, string>> = {
  AT: 'ATU12345678',
  BE: 'BE0123456789',
  BG: 'BG123456789',
  CY: 'CY12345678L',
  CZ: 'CZ12345678',
  DE: 'DE123456789',
  DK: 'DK12345678',
  EE: 'EE123456789',
  EL: 'EL123456789',
  ES: 'ESX1234567X',
  FI: 'FI12345678',
  FR: 'FRXX123456789',
  HR: 'HR12345678901',
  HU: 'HU12345678',
  IE: 'IE1234567WA',
  IT: 'IT12345678901',
  LT: 'LT123456789',
  LU: 'LU12345678',
  LV: 'LV12345678901',
  MT: 'MT12345678',
  NL: 'NL123456789B01',
  PL: 'PL1234567890',
  PT: 'PT123456789',
  RO: 'RO1234567890',
  SE: 'SE123456789001',
  SI: 'SI12345678',
  SK: 'SK1234567890',
  XI: 'XI123456789',
};

/** ISO country codes whose VAT prefix differs. */
const PREFIX_OF_COUNTRY: Readonly<Record<string, string>> = { GR: 'EL' };

export function vatPrefix(countryCode: string): string | undefined {
  const code = countryCode.toUpperCase();
  const prefix = PREFIX_OF_COUNTRY[code] ?? code;
  return prefix in VAT_FORMATS ? prefix : undefined;
}

export function normalizeVatId(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/** `prefix` is absent when the number has none and several member states' formats fit it. */
export type VatCheck = { valid: true; prefix: string | undefined; vatId: string } | { valid: false };

/**
 * `country` (ISO code) is the country the number must belong to when it has no prefix; without
 * it, a number without prefix passes when some member state's format fits.
 */
export function checkVatId(value: string, country?: string): VatCheck {
  const id = normalizeVatId(value);
  const given = id.slice(0, 2);
  if (/^[A-Z]{2}$/.test(given) && given in VAT_FORMATS) {
    const format = VAT_FORMATS[given]!;
    const expected = country ? vatPrefix(country) : undefined;
    if (expected && expected !== given) return { valid: false };
    return format.test(id.slice(2)) ? { valid: true, prefix: given, vatId: id } : { valid: false };
  }
  if (country) {
    const prefix = vatPrefix(country);
    return prefix && VAT_FORMATS[prefix]!.test(id) ? { valid: true, prefix, vatId: `${prefix}${id}` } : { valid: false };
  }
  // Two letters that are no member state's prefix (GB…, US…) are a foreign prefix, not French digits.
  if (/^[A-Z]{2}/.test(id)) return { valid: false };
  const fits = Object.keys(VAT_FORMATS).filter((p) => VAT_FORMATS[p]!.test(id));
  if (fits.length === 0) return { valid: false };
  return fits.length === 1 ? { valid: true, prefix: fits[0], vatId: `${fits[0]}${id}` } : { valid: true, prefix: undefined, vatId: id };
}

export function isValidVatId(value: string, country?: string): boolean {
  return checkVatId(value, country).valid;
}
