/** Backup recovery codes: twelve random codes, each usable once; used ones stay listed with when. */
import { randomAlphanumeric } from '../../sessions/tokens.js';

export interface LookupCode {
  code: string;
  used_at?: string;
}

export const LOOKUP_CODE_COUNT = 12;

export function newLookupCodes(): LookupCode[] {
  return Array.from({ length: LOOKUP_CODE_COUNT }, () => ({ code: randomAlphanumeric(8).toLowerCase() }));
}

export function codesOf(config: Record<string, unknown> | undefined): LookupCode[] {
  const codes = config?.recovery_codes;
  return Array.isArray(codes) ? (codes as LookupCode[]) : [];
}
