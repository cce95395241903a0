import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobHashMismatchError, type BlobStore } from '../../../server/storage/blob-store.js';
import { FilesystemBlobStore } from '../../../server/storage/filesystem.js';
import { openBlobStore } from '../../../server/storage/open.js';
import { S3BlobStore } from '../../../server/storage/s3.js';
import { loadConfig } from '../../../server/config.js';
import type { SurveyBlobs } from '../../../server/api/survey/context.js';
import { startFakeS3, type FakeS3 } from './fake-s3.js';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Yields some bytes, then fails like a connection cut mid-upload. */
function failingStream(): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from('first part of the file ');
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('connection reset');
    })(),
  );
}

async function filesUnder(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

// The survey routes take the blob store through their own narrower interface.
const asSurveyBlobs = (store: BlobStore): SurveyBlobs => store;

describe('filesystem blob store', () => {
  let root: string;
  let store: FilesystemBlobStore;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sitewave-blobs-'));
    store = await FilesystemBlobStore.open(root);
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('stores a buffer and a stream, reads back and replaces', async () => {
    await store.put('a/one.txt', Buffer.from('hello'), 'text/plain');
    expect(await text((await store.get('a/one.txt'))!)).toBe('hello');
    await store.put('a/two.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'application/octet-stream');
    expect(await text((await store.get('a/two.bin'))!)).toBe('abcd');
    await asSurveyBlobs(store).put('a/one.txt', Buffer.from('replaced'), 'text/plain');
    expect(await readFile(path.join(root, 'a', 'one.txt'), 'utf8')).toBe('replaced');
  });

  it('leaves nothing, not even a staging file, when the stream errors', async () => {
    await expect(store.put('broken/file.bin', failingStream(), 'application/octet-stream')).rejects.toThrow('connection reset');
    expect(await store.get('broken/file.bin')).toBeUndefined();
    expect((await filesUnder(root)).filter((f) => f.includes('broken') || f.startsWith('.staging'))).toEqual([]);
  });

  it('keeps the previous content when a replacing write fails', async () => {
    await store.put('keep/me.txt', Buffer.from('old'), 'text/plain');
    await expect(store.put('keep/me.txt', failingStream(), 'text/plain')).rejects.toThrow();
    expect(await text((await store.get('keep/me.txt'))!)).toBe('old');
  });

  it('refuses bytes whose SHA-256 is not the expected one, storing nothing', async () => {
    const err = await store.put('fw/x.bin', Readable.from([Buffer.from('firmware')]), 'application/octet-stream', { sha256: sha256('other') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlobHashMismatchError);
    expect(await store.get('fw/x.bin')).toBeUndefined();
    expect((await filesUnder(root)).filter((f) => f.startsWith('fw') || f.startsWith('.staging'))).toEqual([]);
    await store.put('fw/x.bin', Buffer.from('firmware'), 'application/octet-stream', { sha256: sha256('firmware').toUpperCase() });
    expect(await text((await store.get('fw/x.bin'))!)).toBe('firmware');
  });

  it('reads an absent key as undefined and deletes idempotently', async () => {
    expect(await store.get('nothing/here')).toBeUndefined();
    await store.put('gone/soon.txt', Buffer.from('x'), 'text/plain');
    await store.delete('gone/soon.txt');
    await store.delete('gone/soon.txt');
    expect(await store.get('gone/soon.txt')).toBeUndefined();
  });

  it('refuses keys that could leave the root or reach the staging area', async () => {
    for (const key of ['../escape', 'a/../../b', '/abs', '.staging/x', 'a//b', '']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid blob key/);
    }
    await expect(store.get('../etc/passwd')).rejects.toThrow(/Invalid blob key/);
  });

  it('sweeps staging files left by a crash, and only old ones', async () => {
    const old = path.join(root, '.staging', 'crashed.part');
    const fresh = path.join(root, '.staging', 'running.part');
    await writeFile(old, 'partial');
    await writeFile(fresh, 'partial');
    const longAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(old, longAgo, longAgo);
    await FilesystemBlobStore.open(root);
    expect(await readdir(path.join(root, '.staging'))).toEqual(['running.part']);
  });
});

describe('S3 blob store', () => {
  let s3: FakeS3;
  let store: S3BlobStore;
  let spool: string;
  beforeAll(async () => {
    s3 = await startFakeS3('blobs');
    spool = await mkdtemp(path.join(os.tmpdir(), 'sitewave-spool-'));
    store = await S3BlobStore.open(
      { endpoint: s3.endpoint, bucket: 'blobs', region: 'eu-central-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-test-key', forcePathStyle: true },
      spool,
    );
  });
  afterAll(async () => {
    store?.close();
    await s3?.close();
    await rm(spool, { recursive: true, force: true });
  });

  it('puts a stream as one PutObject with its length, type and a signed request', async () => {
    await store.put('fw/model-a/1.2.3.bin', Readable.from([Buffer.from('abc'), Buffer.from('def')]), 'application/octet-stream', { sha256: sha256('abcdef') });
    const object = s3.objects.get('blobs/fw/model-a/1.2.3.bin')!;
    expect(object.body.toString()).toBe('abcdef');
    expect(object.contentType).toBe('application/octet-stream');
    expect(object.headers['content-length']).toBe('6');
    expect(String(object.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/s3\/aws4_request/);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', url: expect.stringMatching(/^\/blobs\/fw\/model-a\/1\.2\.3\.bin(\?|$)/) });
  });

  it('puts a buffer and reads it back; an absent key reads as undefined', async () => {
    await asSurveyBlobs(store).put('photos/p.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(s3.objects.get('blobs/photos/p.jpg')?.contentType).toBe('image/jpeg');
    expect(await text((await store.get('photos/p.jpg'))!)).toBe('jpeg bytes');
    expect(await store.get('photos/none.jpg')).toBeUndefined();
  });

  it('sends nothing when the stream fails or the hash differs', async () => {
    const before = s3.requests.length;
    await expect(store.put('fw/broken.bin', failingStream(), 'application/octet-stream')).rejects.toThrow('connection reset');
    await expect(store.put('fw/bad.bin', Readable.from([Buffer.from('x')]), 'application/octet-stream', { sha256: sha256('y') })).rejects.toBeInstanceOf(BlobHashMismatchError);
    await expect(store.put('fw/bad.bin', Buffer.from('x'), 'application/octet-stream', { sha256: sha256('y') })).rejects.toBeInstanceOf(BlobHashMismatchError);
    expect(s3.requests.length).toBe(before);
    expect([...s3.objects.keys()].filter((k) => k.includes('broken') || k.includes('bad'))).toEqual([]);
    expect(await readdir(spool)).toEqual([]);
  });

  it('deletes idempotently', async () => {
    await store.put('gone.txt', Buffer.from('x'), 'text/plain');
    await store.delete('gone.txt');
    await store.delete('gone.txt');
    expect(s3.objects.has('blobs/gone.txt')).toBe(false);
  });
});

describe('openBlobStore and its configuration', () => {
  it('opens files under DATA_DIR/blobs by default', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-data-'));
    try {
      const store = await openBlobStore(loadConfig({ DATA_DIR: dataDir }));
      expect(store.kind).toBe('filesystem');
      await store.put('k/v.txt', Buffer.from('v'), 'text/plain');
      expect(await filesUnder(path.join(dataDir, 'blobs'))).toEqual([path.join('k', 'v.txt')]);
      await store.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('opens the S3 store when a bucket is configured, path style by default with an endpoint', async () => {
    const s3 = await startFakeS3('sitewave');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-data-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'sitewave', S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'AKIDTEST', S3_SECRET_ACCESS_KEY: 'secret' });
      expect(config.s3).toEqual({ endpoint: s3.endpoint, bucket: 'sitewave', region: 'us-east-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret', forcePathStyle: true });
      const store = await openBlobStore(config);
      expect(store.kind).toBe('s3');
      await store.put('k.txt', Buffer.from('v'), 'text/plain');
      await store.put('big/k.bin', Readable.from([Buffer.alloc(1000)]), 'application/octet-stream');
      expect(s3.objects.get('sitewave/k.txt')?.body.toString()).toBe('v');
      expect(s3.objects.get('sitewave/big/k.bin')?.body.length).toBe(1000);
      // Spooled under DATA_DIR, and nothing left there after the upload.
      expect(await readdir(path.join(dataDir, 'blob-spool'))).toEqual([]);
      await store.close();
    } finally {
      await s3.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('names every bad S3 variable', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT: set S3_BUCKET too/);
    let message = '';
    try {
      loadConfig({ S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'ftp://x', S3_REGION: 'EU!', S3_ACCESS_KEY_ID: 'only-id', S3_FORCE_PATH_STYLE: 'yes' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of ['S3_BUCKET="Bad_Bucket"', 'S3_ENDPOINT="ftp://x"', 'S3_REGION="EU!"', 'S3_SECRET_ACCESS_KEY: required', 'S3_FORCE_PATH_STYLE="yes"']) {
      expect(message).toContain(name);
    }
    expect(loadConfig({ S3_BUCKET: 'aws-bucket', S3_REGION: 'eu-west-1' }).s3).toMatchObject({ endpoint: undefined, region: 'eu-west-1', forcePathStyle: false });
  });
});
