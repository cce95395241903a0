/**
 * The embedded identity service's own rows: `GET /sessions/whoami` with a session token under
 * wrk (what every gateway cache miss costs) and complete password logins per second (create an
 * API login flow, submit the password: one argon2id verification each). Argon2id runs at the
 * service's production parameters: m = 47104 KiB (46 MiB), t = 2, p = 1.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, firstLine, makeTempDir, startProcess, stopProcess } from './processes.mjs';
import { fixed, formatTable } from './table.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PASSWORD = 'bench passphrase that is long enough 2026';
/** argon2 runs on libuv's 4 worker threads: 4 logins in flight keep both cores busy. */
const LOGIN_CONCURRENCY = 4;

async function json(url, init) {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', 'content-type': 'application/json', ...init?.headers } });
  return { status: response.status, body: await response.json() };
}

async function register(base, email) {
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
}

async function loginLoop(base, email, seconds) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      await loginOnce(base, email);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: LOGIN_CONCURRENCY }, worker));
  const wall = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / wall, p50: at(0.5), p99: at(0.99), count: latencies.length, wall };
}

export async function benchIdentity({ load, say, seconds, warmupSeconds, connections, problems }) {
  say();
  say('== embedded identity service (dist/server/identity, PGlite file, its own process) ==');
  const dir = makeTempDir('identity-bench');
  const handle = startProcess('embedded identity', process.execPath, [join(HERE, 'upstreams', 'embedded-identity.mjs')], {
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
      const cores = (cpuSeconds(handle.child.pid) - cpu) / ((performance.now() - started) / 1000);
      if (whoami.non2xx > 0) problems.push(`identity whoami: ${whoami.non2xx} of ${whoami.requests} answers were not 2xx`);
      rows.push([`whoami (X-Session-Token, ${concurrent} connections)`, fixed(whoami.rps, 0), fixed(whoami.p50, 2), fixed(whoami.p99, 2), fixed(cores, 2)]);
    }

    await loginLoop(base, email, Math.min(2, warmupSeconds));
    const cpu = cpuSeconds(handle.child.pid);
    const started = performance.now();
    const logins = await loginLoop(base, email, seconds);
    const loginCpu = (cpuSeconds(handle.child.pid) - cpu) / ((performance.now() - started) / 1000);
    rows.push([`password logins (flow + submit, ${LOGIN_CONCURRENCY} in flight)`, fixed(logins.rps, 1), fixed(logins.p50, 1), fixed(logins.p99, 1), fixed(loginCpu, 2)]);

    say(formatTable(['row', 'per second', 'p50 ms', 'p99 ms', 'identity CPU (cores)'], rows));
    say('   argon2id m=47104 KiB, t=2, p=1 (the service refuses less); one verification per login');
  } catch (error) {
    problems.push(`identity rows: ${error.message}`);
    say(`   failed: ${error.message}`);
  } finally {
    await stopProcess(handle);
  }
}
