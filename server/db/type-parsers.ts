/**
 * Result values must have the same JavaScript types on PGlite and on PostgreSQL, or code tested
 * on one breaks on the other. Left alone, node-postgres returns bigint columns (count(*) among
 * them) as strings where PGlite returns numbers, and turns `date` into a Date at local midnight
 * where PGlite uses UTC midnight. Both backends get these parsers instead.
 *
 * Unchanged and already alike: int2/int4/float → number, numeric → string, json/jsonb → value,
 * timestamptz → Date, uuid/text → string; bytea → Buffer on both (PGlite through the functions below).
 */

export const INT8_OID = 20;
export const BYTEA_OID = 17;
export const DATE_OID = 1082;
export const INT8_ARRAY_OID = 1016;
export const DATE_ARRAY_OID = 1182;

/** A number while it is exact, a bigint beyond (PGlite's own rule). */
export function parseInt8(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/** A calendar date has no time zone: 'YYYY-MM-DD' as PostgreSQL prints it. */
export function parseDate(text: string): string {
  return text;
}

/**
 * PGlite writes and reads bytea as hex text one byte at a time in JavaScript (about 3 s for a
 * 100 000-sample track's 2.8 MB); Buffer's native hex is some ten times faster. The value read is a
 * Buffer, as node-postgres answers it.
 */
export function serializeBytea(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

export function parseBytea(text: string): Buffer {
  return Buffer.from(text.slice(2), 'hex');
}
