/**
 * What the audit trail adds to a write request as a person's browser sends it: through the whole
 * product (the gateway, then the API on the embedded services' thread, as `npm start` runs them;
 * upstreams/product.mjs), over HTTP, signed in with a session token. Three products side by side,
 * each on a database of its own: one recording (after), one not (before) and a second one not
 * (control: how far two identical rows differ here). They take turns request by request, in an
 * order that rotates, so a busy moment of the machine weighs on all alike. The writes: creating a
 * project and changing a member's role (the issue's two; the member joins through a real
 * invitation, its link read from the product's mail directory), and renaming a project (a lone
 * write, which recording makes a transaction of the write and its event). Target ≤ 5 % more on
 * the p50, like the in-process rows of audit.mjs, which leave out everything but the API's own
 * handling.
 *
 * Also runnable alone after `npm run build`: `node test/load/audit-product.mjs`.
 * Environment: BENCH_AUDIT_RUNS (writes per row and product, default 300),
 * BENCH_PRODUCT_DATABASES (`pglite,postgres` by default), BENCH_DATABASE_URL (postgres.mjs).
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { register } from './identity.mjs';
import { freshPostgres } from './postgres.mjs';
import { cleanup, firstLine, freePort, makeTempDir, startProcess, stopProcess } from './processes.mjs';
import { overheadCells } from './audit.mjs';
import { formatTable, median } from './table.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 300);
const DATABASES = (process.env.BENCH_PRODUCT_DATABASES ?? 'pglite,postgres').split(',');
const WRITES = [
  ['create project', 'create'],
  ['change a role', 'role'],
  ['rename a project', 'rename'],
];

/** The invitation token in the newest e-mail to `email` in the product's mail directory (quoted-printable undone). */
async function invitationToken(mailDirectory, email) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = await readdir(mailDirectory).catch(() => []);
    for (const name of names
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()) {
      const text = (await readFile(join(mailDirectory, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      const token = text.includes(email) && /\/orgs\/join\?token=([\w-]+)/.exec(text);
      if (token) return token[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation e-mail to ${email} arrived in 30 s`);
}

/** A product on a database of its own, signed in, with a member whose role changes and a project to rename. */
async function product(label, unrecorded, database) {
  const dir = makeTempDir(`audit-product-${label}`);
  const env = { ...process.env };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const args = [join(HERE, 'upstreams', 'product.mjs'), String(await freePort()), ...(unrecorded ? ['unrecorded'] : [])];
  const handle = startProcess(`product (audit, ${label})`, process.execPath, args, { env, logFile: join(dir, 'product.log'), announce: true, ipc: true });
  try {
    const { url: origin, mailDirectory } = await firstLine(handle, 120_000);
    const session = async (email) => {
      const token = await register(`${origin}/.ory`, email);
      const headers = { 'x-session-token': token, accept: 'application/json', 'content-type': 'application/json' };
      return async (method, path, body, expected) => {
        const response = await fetch(origin + path, { method, headers, body: body && JSON.stringify(body) });
        const text = await response.text();
        if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
        return text ? JSON.parse(text) : null;
      };
    };
    const suffix = randomBytes(4).toString('hex');
    const call = await session(`audit-${label}-${suffix}@example.com`);
    const orgs = await call('GET', '/api/orgs', undefined, 200);
    const orgId = (Array.isArray(orgs) ? orgs : orgs.items)[0].id;
    const memberEmail = `audit-member-${label}-${suffix}@example.com`;
    const asMember = await session(memberEmail);
    await call('POST', `/api/orgs/${orgId}/invite`, { email: memberEmail, role: 'member' }, 201);
    const { userId: memberId } = await asMember('POST', '/api/join', { token: await invitationToken(mailDirectory, memberEmail) }, 201);
    const renamed = await call('POST', `/api/orgs/${orgId}/projects`, { name: `Renamed ${label}` }, 201);
    let n = 0;
    // A counter of its own: every request changes the role (setting the role a member has writes nothing).
    let changes = 0;
    return {
      create: () => call('POST', `/api/orgs/${orgId}/projects`, { name: `Audit bench ${label} ${n++}` }, 201),
      role: () => call('PUT', `/api/orgs/${orgId}/users/${memberId}`, { role: changes++ % 2 ? 'member' : 'viewer' }, 200),
      rename: () => call('PUT', `/api/projects/${renamed.id}`, { name: `Renamed ${label} ${n++}` }, 200),
      stop: () => stopProcess(handle),
    };
  } catch (error) {
    await stopProcess(handle);
    throw error;
  }
}

async function p50s(products) {
  const names = Object.keys(products);
  const times = Object.fromEntries(names.map((name) => [name, Object.fromEntries(WRITES.map(([, kind]) => [kind, []]))]));
  for (const p of Object.values(products)) for (let i = 0; i < 20; i++) for (const [, kind] of WRITES) await p[kind]();
  for (let round = 0; round < RUNS; round++) {
    for (const [, kind] of WRITES) {
      for (let turn = 0; turn < names.length; turn++) {
        const name = names[(round + turn) % names.length];
        const start = performance.now();
        await products[name][kind]();
        times[name][kind].push(performance.now() - start);
      }
    }
  }
  return Object.fromEntries(names.map((name) => [name, Object.fromEntries(WRITES.map(([, kind]) => [kind, median(times[name][kind])]))]));
}

export async function benchAuditProduct({ say, problems }) {
  say();
  say(`== audit trail through the whole product (gateway -> API, over HTTP, ${RUNS} writes a row, one at a time) ==`);
  const rows = [];
  for (const backend of DATABASES) {
    const databases = [];
    const products = {};
    try {
      for (const name of ['before', 'after', 'control']) {
        const database = backend === 'postgres' ? await freshPostgres(say) : undefined;
        if (backend === 'postgres' && !database) break;
        if (database) databases.push(database);
        products[name] = await product(`${backend}-${name}`, name !== 'after', database);
      }
      if (Object.keys(products).length < 3) continue;
      const { before, after, control } = await p50s(products);
      for (const [what, kind] of WRITES) {
        rows.push(overheadCells(backend, what, before[kind], after[kind], control[kind]));
      }
    } catch (error) {
      problems.push(`audit trail through the product on ${backend}: ${error.message}`);
    } finally {
      for (const p of Object.values(products)) await p.stop();
      for (const database of databases) await database.drop();
    }
  }
  say(formatTable(['database', 'write request', 'p50 before (ms)', 'p50 after (ms)', 'added', '≤ 5 %', 'control: before again (noise)'], rows));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [];
  await benchAuditProduct({ say: (line = '') => process.stdout.write(`${line}\n`), problems });
  await cleanup();
  for (const problem of problems) process.stdout.write(`!! FAILED: ${problem}\n`);
  process.exitCode = problems.length ? 1 : 0;
}
