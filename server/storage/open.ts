/** The blob store the configuration asks for: S3-compatible when a bucket is set, else files. */
import path from 'node:path';
import type { BlobStore } from './blob-store.js';
import { FilesystemBlobStore } from './filesystem.js';
import type { S3Settings } from './s3.js';

export interface BlobStoreConfig {
  dataDir: string;
  s3?: S3Settings;
}

export interface OpenedBlobStore extends BlobStore {
  readonly kind: 'filesystem' | 's3';
  close(): Promise<void>;
}

export async function openBlobStore(config: BlobStoreConfig): Promise<OpenedBlobStore> {
  if (config.s3) {
    // Imported on demand: the AWS SDK is tens of megabytes resident that a file store never uses.
    const { S3BlobStore } = await import('./s3.js');
    // Spooled next to the data rather than in the system temp directory, often a small tmpfs.
    const store = await S3BlobStore.open(config.s3, path.join(config.dataDir, 'blob-spool'));
    return Object.assign(bind(store), { kind: 's3' as const, close: async () => store.close() });
  }
  const store = await FilesystemBlobStore.open(path.join(config.dataDir, 'blobs'));
  return Object.assign(bind(store), { kind: 'filesystem' as const, close: async () => undefined });
}

function bind(store: BlobStore): BlobStore {
  return { put: store.put.bind(store), get: store.get.bind(store), delete: store.delete.bind(store) };
}
