/**
 * Where uploaded files live (floor plans, photos, firmware): a key → bytes store with atomic
 * writes. A reader never sees a partial object, and a failed or interrupted write leaves nothing
 * under its key, so a database row never points at half a file.
 */
import type { Readable } from 'node:stream';

export interface PutOptions {
  /**
   * Hex SHA-256 the bytes must have. On a mismatch the write is refused with
   * `BlobHashMismatchError` before anything becomes visible under the key.
   */
  sha256?: string;
}

/** What a staged upload turned out to be. */
export interface PutResult {
  size: number;
  /** Hex SHA-256. */
  sha256: string;
}

export interface BlobStore {
  /** Replaces whatever was under `key`, atomically. A stream that errors stores nothing. */
  put(key: string, data: Buffer | Readable, contentType: string, options?: PutOptions): Promise<void>;
  /** Undefined when absent. */
  get(key: string): Promise<Readable | undefined>;
  /** Idempotent: deleting an absent key succeeds. */
  delete(key: string): Promise<void>;
}

export class BlobHashMismatchError extends Error {
  override name = 'BlobHashMismatchError';
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`SHA-256 of the data is ${actual}, not the expected ${expected}`);
  }
}

export function checkSha256(expected: string | undefined, actual: string): void {
  if (expected !== undefined && expected.toLowerCase() !== actual) throw new BlobHashMismatchError(expected, actual);
}

// Segments never start with a dot, so a key cannot climb out of a directory store or collide
// with its staging area.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

/** Keys are chosen by the API, never by a client; a bad one is a programming error. */
export function checkBlobKey(key: string): string {
  const segments = key.split('/');
  if (key.length > 1024 || segments.some((s) => !SEGMENT.test(s))) {
    throw new Error(`Invalid blob key "${key}": use slash-separated segments of letters, digits, ".", "_" and "-", not starting with "."`);
  }
  return key;
}
