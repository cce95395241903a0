/**
 * `kill -9` of the product as `npm start` runs it (server/main.ts, PGlite in its
 * own DATA_DIR) while a firmware image is streaming in. After a restart on the same directory
 * the product must start (PGlite's lock file left by the dead process does not block it), hold
 * no release record of the interrupted upload and no stored blob for it, and take the same
 * upload again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSERTION_HEADER } from '../../../shared/identity-assertion.js';
import { freePort } from '../../support/listen.js';
import { filesUnder, killHard, signedInPerson, startProduct, storedBlobs, until, type Product } from '../support/product-process.js';

describe('the product killed with SIGKILL', () => {
  let dataDir: string;
  let port: number;
  let product: Product;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-faults-'));
    port = await freePort();
    product = await startProduct(dataDir, port);
  }, 160_000);
  afterAll(async () => {
    if (product) await killHard(product.child);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('during a firmware upload: restarts on the same directory with no partial release and no blob', async () => {
    const as = await signedInPerson(product);

    const image = randomBytes(2_000_000);
    const fields = { version: '9.9.9', changeNotes: 'killed', fileHash: createHash('sha256').update(image).digest('hex'), deviceModel: 'AP-200' };
    const boundary = 'x-boundary-kill';
    const head = [
      ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ].join('');
    const tail = `\r\n--${boundary}--\r\n`;
    const blobsDir = path.join(dataDir, 'blobs');
    const blobsBefore = await storedBlobs(dataDir);

    const api = new URL(product.apiUrl);
    const socket = net.connect(Number(api.port), api.hostname);
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/admin/firmware/releases HTTP/1.1\r\nHost: localhost\r\n${ASSERTION_HEADER}: ${(await as())[ASSERTION_HEADER]}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + image.length + tail.length}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(image.subarray(0, 500_000));
    // The image is streaming into the store when the process dies.
    expect(await until(async () => (await filesUnder(blobsDir)).some((f) => f.startsWith('.staging')))).toBe(true);
    await killHard(product.child);
    socket.destroy();
    // The dead process's lock is still there.
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    // Same directory, same port: the dead process's lock file and PGlite's own pid file do not stop it.
    product = await startProduct(dataDir, port);
    const releases = await fetch(`${product.apiUrl}/api/firmware/releases`, { headers: await as() });
    expect(releases.status).toBe(200);
    expect(JSON.stringify(await releases.json())).not.toContain('9.9.9');
    // No stored blob came of it; only the staging area may hold the torn write until it is swept.
    expect(await storedBlobs(dataDir)).toEqual(blobsBefore);

    // The same upload, whole, now succeeds: nothing half-written stands in its way.
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([image]), 'fw.bin');
    const again = await fetch(`${product.apiUrl}/api/admin/firmware/releases`, { method: 'POST', headers: await as(), body: form });
    expect(again.status).toBe(201);
  }, 300_000);
});
