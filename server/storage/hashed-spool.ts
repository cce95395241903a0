/**
 * Writes bytes to a file while counting and hashing them, removing the file when the source
 * fails. Both stores stage an upload this way: the filesystem store renames the file into place,
 * the S3 store sends it with a known length.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkSha256, type PutResult } from './blob-store.js';

export async function spoolHashed(data: Buffer | Readable, file: string, expectedSha256?: string): Promise<PutResult> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
  try {
    await pipeline(source, measure, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    const sha256 = hash.digest('hex');
    checkSha256(expectedSha256, sha256);
    return { size, sha256 };
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}

/** A staged file this old belongs to no write still running. */
export const STALE_SPOOL_MS = 24 * 60 * 60 * 1000;

/** Removes files in `dir` last changed before `before` (epoch ms): what a crash left behind. */
export async function sweepStale(dir: string, before: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < before) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
