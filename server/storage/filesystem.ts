/**
 * Blobs as files under one root directory (by default `DATA_DIR/blobs`). A write goes to a
 * staging directory on the same filesystem and is renamed into place, which is atomic: readers
 * see the old file or the new one, and a crash mid-write leaves only a staging file, swept at
 * the next start.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkBlobKey, type BlobStore, type PutOptions } from './blob-store.js';
import { STALE_SPOOL_MS, spoolHashed, sweepStale } from './hashed-spool.js';

const STAGING = '.staging';

export class FilesystemBlobStore implements BlobStore {
  private readonly staging: string;

  private constructor(readonly root: string) {
    this.staging = path.join(root, STAGING);
  }

  static async open(root: string): Promise<FilesystemBlobStore> {
    const store = new FilesystemBlobStore(path.resolve(root));
    await mkdir(store.staging, { recursive: true });
    await sweepStale(store.staging, Date.now() - STALE_SPOOL_MS);
    return store;
  }

  private file(key: string): string {
    return path.join(this.root, ...checkBlobKey(key).split('/'));
  }

  async put(key: string, data: Buffer | Readable, _contentType: string, options: PutOptions = {}): Promise<void> {
    const target = this.file(key);
    const staged = path.join(this.staging, `${randomUUID()}.part`);
    await spoolHashed(data, staged, options.sha256);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(staged, target);
    } catch (err) {
      await rm(staged, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const stream = createReadStream(this.file(key));
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' || err.code === 'EISDIR' ? resolve(undefined) : reject(err)));
    });
  }

  async delete(key: string): Promise<void> {
    await unlink(this.file(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}
