/**
 * Writes bytes to a file while counting and hashing them, removing the file when the source
 * fails. Both stores stage an upload this way: the filesystem store renames the file into place,
 * the S3 store sends it with a known length.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
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
