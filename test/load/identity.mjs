/**
 * The embedded identity service's own rows: `GET /sessions/whoami` with a session token under
 * wrk (what every gateway cache miss costs) and complete password logins per second (create an
 * API login flow, submit the password: one argon2id verification each). Argon2id runs at the
 * service's production parameters: m = 47104 KiB (46 MiB), t = 2, p = 1.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { closedLoop } from './closed-loop.mjs';
import { cleanup, cpuSeconds, firstLine, makeTempDir, startProcess, stopProcess } from './processes.mjs';
import { fixed, formatTable } from './table.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PASSWORD = 'bench passphrase that is long enough 2026';
/** argon2 runs on libuv's 4 worker threads: 4 logins in flight keep both cores busy. */
const LOGIN_CONCURRENCY = 4;

async function json(url, init) {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', 'content-type': 'application/json', ...init?.headers } });
  return { status: response.status, body: await response.json() };
}

export async function register(base, email) {
  const flow = (await json(`${base}/self-service/registration/api`)).body;
  const done = await json(`${base}/self-service/registration?flow=${flow.id}`, {
    method: 'POST',
    body: JSON.stringify({ method: 'password', traits: { email }, password: PASSWORD }),
  });
  if (done.status !== 200) throw new Error(`registration answered ${done.status}: ${JSON.stringify(done.body).slice(0, 300)}`);
  return done.body.session_token;
}

async function loginOnce(base, email) {
  const flow = (await json(`${base}/self-service/login/api`)).body;
  const done = await json(`${base}/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    body: JSON.stringify({ method: 'password', identifier: email, password: PASSWORD }),
  });
  if (done.status !== 200) throw new Error(`login answered ${done.status}`);
  return true;
}

/** Complete password logins, LOGIN_CONCURRENCY in flight, for `seconds`. */
export function loginLoop(base, email, seconds) {
  return closedLoop(() => loginOnce(base, email), { seconds, concurrency: LOGIN_CONCURRENCY });
}

/**
 * `cpuProfDir`: the identity process runs with --cpu-prof and leaves its profile there.
 * `logins: false` measures whoami only (the login rows take a while and load both cores).
 */
export async function benchIdentity({ load, say, seconds, warmupSeconds, connections, problems, cpuProfDir, logins = true }) {
  say();
  say('== embedded identity service (dist/server/identity, PGlite file, its own process) ==');
  const dir = makeTempDir('identity-bench');
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, '--cpu-prof-name=identity.cpuprofile'] : [];
  const handle = startProcess('embedded identity', process.execPath, [...profile, join(HERE, 'upstreams', 'embedded-identity.mjs')], {
    logFile: join(dir, 'identity.log'),
    announce: true,
    ipc: true,
  });
  try {
    const { port } = await firstLine(handle, 60_000);
    const base = `http://127.0.0.1:${port}`;
    const email = `bench-${Date.now()}@example.com`;
    const token = await register(base, email);
    const headers = { 'X-Session-Token': token };
    const url = `${base}/sessions/whoami`;

    await load({ url, headers, seconds: warmupSeconds, connections });
    const rows = [];
    // The gateway's cache misses arrive a few at a time; 50 at once shows the queue behind
    // PGlite's single connection.
    for (const concurrent of [10, connections]) {
      const cpu = cpuSeconds(handle.child.pid);
      const started = performance.now();
      const whoami = await load({ url, headers, seconds, connections: concurrent });
      const used = cpuSeconds(handle.child.pid) - cpu;
      const cores = used / ((performance.now() - started) / 1000);
      if (whoami.non2xx > 0) problems.push(`identity whoami: ${whoami.non2xx} of ${whoami.requests} answers were not 2xx`);
      // CPU per request hardly depends on who else holds the cores; req/s does.
      const usPerRequest = (used * 1e6) / whoami.requests;
      rows.push([`whoami (X-Session-Token, ${concurrent} connections)`, fixed(whoami.rps, 0), fixed(whoami.p50, 2), fixed(whoami.p99, 2), fixed(cores, 2), fixed(usPerRequest, 0)]);
    }

    if (!logins) {
      say(formatTable(['row', 'per second', 'p50 ms', 'p99 ms', 'identity CPU (cores)', 'identity us/req'], rows));
      return;
    }
    await loginLoop(base, email, Math.min(2, warmupSeconds));
    const cpu = cpuSeconds(handle.child.pid);
    const started = performance.now();
    const loginRun = await loginLoop(base, email, seconds);
    if (loginRun.failures) problems.push(`identity logins: ${loginRun.failures} of ${loginRun.count} failed (${loginRun.firstError?.message ?? 'no 200'})`);
    const loginCpu = (cpuSeconds(handle.child.pid) - cpu) / ((performance.now() - started) / 1000);
    rows.push([
      `password logins (flow + submit, ${LOGIN_CONCURRENCY} in flight)`,
      fixed(loginRun.rps, 1),
      fixed(loginRun.p50, 1),
      fixed(loginRun.p99, 1),
      fixed(loginCpu, 2),
      fixed((loginCpu * 1e6) / loginRun.rps, 0),
    ]);

    say(formatTable(['row', 'per second', 'p50 ms', 'p99 ms', 'identity CPU (cores)', 'identity us/req'], rows));
    say('   argon2id m=47104 KiB, t=2, p=1 (the service refuses less); one verification per login');
  } catch (error) {
    problems.push(`identity rows: ${error.message}`);
    say(`   failed: ${error.message}`);
  } finally {
    await stopProcess(handle);
  }
}

// `node test/load/identity.mjs` (after `npx tsc -p tsconfig.build.json`): only these rows.
// BENCH_IDENTITY_LOGINS=0 skips the login row; BENCH_CPU_PROF=<dir> profiles the identity process.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { resolve } = await import('node:path');
  const { mkdirSync } = await import('node:fs');
  const { ensureTools, loadFor } = await import('./tools.mjs');
  const say = (line = '') => process.stdout.write(`${line}\n`);
  const tools = await ensureTools(say);
  const load = loadFor(tools);
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
  const cpuProfDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
  if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
  const problems = [];
  say(`load: ${tools.wrk ? `wrk -t1 -c<connections> -d${seconds}s --latency` : `autocannon -d ${seconds}`}, ${warmupSeconds} s warm-up; all on 127.0.0.1`);
  await benchIdentity({ load, say, seconds, warmupSeconds, connections: 50, problems, cpuProfDir, logins: process.env.BENCH_IDENTITY_LOGINS !== '0' });
  await cleanup();
  for (const problem of problems) say(`!! FAILED: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
