/**
 * `next_page_token`: where the next page starts, as the sort key of the last tuple shown. It is
 * opaque to clients but not secret — it only ever names a position inside the filter it is
 * used with, so a made-up one shows nothing the filter would not show anyway.
 */
import { PermissionError } from '../permission-error.js';
import type { TupleKey } from '../store/tuple-store.js';

export function pageToken(key: TupleKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function pageKey(token: string): TupleKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  if (!Array.isArray(key) || key.length !== 7 || !key.every((part) => typeof part === 'string')) {
    throw new PermissionError(400, 'page_token is not a next_page_token this service gave');
  }
  return key as TupleKey;
}
