/**
 * The product as `npm start` runs it (server/main.ts, PGlite in its own DATA_DIR) in a child
 * process, for the tests that kill it with SIGKILL and start it again on the same directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ASSERTION_HEADER, assertionKey, signIdentityAssertion } from '../../../shared/identity-assertion.js';

export const SECRET = randomBytes(32).toString('base64url');
export const ADMIN_TOKEN = 'faults-identity-admin-token-0123456789';

export interface Product {
  child: ChildProcess;
  apiUrl: string;
  identityPublicUrl: string;
  identityAdminUrl: string;
  output: () => string;
}

/** Starts the product and waits until it is ready; `env` adds to (or overrides) the test's settings. */
export async function startProduct(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Product> {
  // With a V8 flag, as an operator may start it: the services' thread must start under it too.
  const child = spawn(process.execPath, ['--max-old-space-size=1024', '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ASSERTION_SECRET: SECRET,
      IDENTITY_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'info',
      ...env,
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
  const identity = logged('embedded identity service is listening');
  return {
    child,
    apiUrl: logged('embedded API is listening').url ?? '',
    identityPublicUrl: identity.publicUrl ?? '',
    identityAdminUrl: identity.adminUrl ?? '',
    output: () => output,
  };
}

export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Creates a person through the identity admin API; answers a function giving fresh assertion headers for them. */
export async function signedInPerson(product: Product, email = `fault-${randomUUID()}@example.com`): Promise<() => Promise<Record<string, string>>> {
  const created = await fetch(`${product.identityAdminUrl}/admin/identities`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ schema_id: 'default', traits: { email, name: { first: 'Fault', last: 'Tester' } } }),
  });
  if (created.status !== 201) throw new Error(`could not create an identity: ${created.status} ${await created.text()}`);
  const id = ((await created.json()) as { id: string }).id;
  return async () => ({
    [ASSERTION_HEADER]: await signIdentityAssertion(assertionKey(SECRET), { sub: id, sid: randomUUID(), aal: 'aal1' }, Math.floor(Date.now() / 1000)),
  });
}

/** Every file below `root`, relative to it. */
export async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The blob store's stored files: the staging area may hold a torn write until it is swept. */
export async function storedBlobs(dataDir: string): Promise<string[]> {
  return (await filesUnder(path.join(dataDir, 'blobs'))).filter((f) => !f.startsWith('.staging')).sort();
}

export async function until(check: () => Promise<boolean>, timeoutMs = 10_000, everyMs = 25): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return false;
}
