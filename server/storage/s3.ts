/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), so several API instances share
 * one store. An object appears only when its PutObject completes, which makes writes atomic.
 * An upload is spooled to a local file first: that hashes it, checks an expected SHA-256 before
 * anything is sent, and gives PutObject the known length it needs for a plain (non-multipart)
 * request — a stream that fails midway therefore never reaches the bucket.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { checkBlobKey, checkSha256, type BlobStore, type PutOptions } from './blob-store.js';
import { STALE_SPOOL_MS, spoolHashed, sweepStale } from './hashed-spool.js';

export interface S3Settings {
  /** Unset → AWS's own endpoint for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset → the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; most self-hosted stores need it. */
  forcePathStyle: boolean;
}

export class S3BlobStore implements BlobStore {
  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly spoolDir: string,
  ) {}

  /** `spoolDir` holds uploads on their way to the bucket: room for the largest one is needed there. */
  static async open(settings: S3Settings, spoolDir: string): Promise<S3BlobStore> {
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Only what a request requires: the newer default checksums (aws-chunked bodies with
      // trailers) are refused by several S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    await mkdir(spoolDir, { recursive: true });
    await sweepStale(spoolDir, Date.now() - STALE_SPOOL_MS);
    return new S3BlobStore(client, settings.bucket, spoolDir);
  }

  async put(key: string, data: Buffer | Readable, contentType: string, options: PutOptions = {}): Promise<void> {
    checkBlobKey(key);
    if (Buffer.isBuffer(data)) {
      if (options.sha256 !== undefined) checkSha256(options.sha256, createHash('sha256').update(data).digest('hex'));
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
      return;
    }
    const spooled = path.join(this.spoolDir, `${randomUUID()}.part`);
    const result = await spoolHashed(data, spooled, options.sha256);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(spooled), ContentType: contentType, ContentLength: result.size }));
    } finally {
      await rm(spooled, { force: true });
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    checkBlobKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return undefined;
      return out.Body instanceof Readable ? out.Body : Readable.fromWeb(out.Body.transformToWebStream() as import('node:stream/web').ReadableStream);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkBlobKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      // S3 answers 204 for an absent key; some compatible stores answer 404.
      if (!isNotFound(err)) throw err;
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
}
