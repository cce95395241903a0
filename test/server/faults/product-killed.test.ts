/**
 * `kill -9` of the product as `npm start` runs it (server/main.ts, PGlite in its
 * own DATA_DIR) while a firmware image is streaming in. After a restart on the same directory
 * the product must start (PGlite's lock file left by the dead process does not block it), hold
 * no release record of the interrupted upload and no stored blob for it, and take the same
 * upload again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSERTION_HEADER, assertionKey, signIdentityAssertion } from '../../../shared/identity-assertion.js';
import { freePort } from '../../support/listen.js';

const SECRET = randomBytes(32).toString('base64url');
const ADMIN_TOKEN = 'faults-identity-admin-token-0123456789';

interface Product {
  child: ChildProcess;
  apiUrl: string;
  identityAdminUrl: string;
  output: () => string;
}

async function startProduct(dataDir: string, port: number): Promise<Product> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ASSERTION_SECRET: SECRET,
      IDENTITY_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // A first start migrates and seeds the demo: seconds on an idle machine, much longer on a busy one.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited early:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/bff/ready`).catch(() => null);
    if (ready?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const logged = (message: string) => {
    const line = output.split('\n').find((l) => l.includes(message));
    if (!line) throw new Error(`the product did not log "${message}":\n${output}`);
    return JSON.parse(line) as Record<string, string | undefined>;
  };
  return {
    child,
    apiUrl: logged('embedded API is listening').url ?? '',
    identityAdminUrl: logged('embedded identity service is listening').adminUrl ?? '',
    output: () => output,
  };
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

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
    const created = await fetch(`${product.identityAdminUrl}/admin/identities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ schema_id: 'default', traits: { email: `fw-${randomUUID()}@example.com`, name: { first: 'Fw', last: 'Admin' } } }),
    });
    expect(created.status).toBe(201);
    const admin = ((await created.json()) as { id: string }).id;
    const as = async () => ({
      [ASSERTION_HEADER]: await signIdentityAssertion(assertionKey(SECRET), { sub: admin, sid: randomUUID(), aal: 'aal1' }, Math.floor(Date.now() / 1000)),
    });

    const image = randomBytes(2_000_000);
    const fields = { version: '9.9.9', changeNotes: 'killed', fileHash: createHash('sha256').update(image).digest('hex'), deviceModel: 'AP-200' };
    const boundary = 'x-boundary-kill';
    const head = [
      ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ].join('');
    const tail = `\r\n--${boundary}--\r\n`;
    const blobsDir = path.join(dataDir, 'blobs');
    const blobsBefore = await filesUnder(blobsDir);

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
    const stored = (await filesUnder(blobsDir)).filter((f) => !f.startsWith('.staging'));
    expect(stored.sort()).toEqual(blobsBefore.filter((f) => !f.startsWith('.staging')).sort());

    // The same upload, whole, now succeeds: nothing half-written stands in its way.
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([image]), 'fw.bin');
    const again = await fetch(`${product.apiUrl}/api/admin/firmware/releases`, { method: 'POST', headers: await as(), body: form });
    expect(again.status).toBe(201);
  }, 300_000);
});
