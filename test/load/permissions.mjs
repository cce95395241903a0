/**
 * The permission service's rows of `npm run bench` (also runnable alone, after `npm run build`:
 * `node test/load/permissions.mjs`): permission checks as a server asks them, through the
 * gateway's `/.ory/relation-tuples/check` with an API key of the project, on 1 000 000
 * relationships (permission-tuples.mjs), once on PostgreSQL and once on PGlite.
 *
 * For each database: the embedded permission and platform services in a process of their own
 * (upstreams/permission.mjs, which stores the relationships before it starts), and the built
 * gateway (`dist/server/main.js`) in front of them and of the fake API and identity hosts the
 * gateway rows use. In one run on that gateway:
 *
 * - the gateway's own cached `/api` read (`/api/orgs/acme/devices`, warm session and permission
 *   lists), the anchor the check rows are a fraction of;
 * - checks three nested subject sets deep, and checks through OPL `traverse`, under wrk with 50
 *   connections: target >= 0.5x the `/api` read's req/s with p99 < 25 ms. The permission service
 *   keeps an answer until the relationships or the settings change, so each kind is measured
 *   twice: first time, every request a check never asked before (200 000 of them; the row fails
 *   rather than send one again), which is what the engine and the database cost; and kept, 2 000
 *   different checks asked again and again, which is what a caller asking the same questions
 *   between changes gets;
 * - single checks, one at a time, whose work the width limit (100) or a cycle bounds: a file with
 *   200 parent folders (ten to a root, or each under a root of its own) and a file in two folders
 *   that are each other's parent, viewed by a ring of groups: target p99 < 100 ms. First time:
 *   each asked of another nobody, so no answer is kept for it; and one of them kept.
 *
 * A missed target is marked FAIL in the table and fails the run (exit 1), as an error does.
 *
 * Environment: BENCH_DURATION / BENCH_WARMUP (seconds, as the other rows),
 * BENCH_PERMISSION_DATABASES (`postgres,pglite` by default), BENCH_DATABASE_URL (postgres.mjs),
 * BENCH_PERMISSION_ROWS (only the rows whose label holds this text, and the anchor: to look at one),
 * BENCH_CPU_PROF (a directory: the gateway and the permission service leave CPU profiles there).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { closedLoop } from './closed-loop.mjs';
import { startGateway } from './gateway.mjs';
import { asNobody, CYCLE_CHECK, FAN_OUT_CHECKS, subjectSetChecks, traverseChecks, TUPLES } from './permission-tuples.mjs';
import { freshPostgres } from './postgres.mjs';
import { cpuSeconds, firstLine, httpGet, makeTempDir, startProcess, stopProcess } from './processes.mjs';
import { fixed, formatTable, ratio } from './table.mjs';
import { startUpstream } from './upstreams/start.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const cpuProfDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
const GOALS = { vsApiRead: 0.5, p99Ms: 25, singleP99Ms: 100 };
/** Different checks each load row sends in turn. */
const CHECKS_PER_ROW = 2_000;
/**
 * Different checks a first-time row sends, none asked before (a row that would send more than
 * these fails rather than ask one again), and those its warm-up sends, others again.
 */
const FIRST_TIME_CHECKS = 200_000;
const FIRST_TIME_WARMUP = 40_000;
/** Of those, how many are asked once before the row, to prove they are allowed. */
const CHECKS_PROVED = 50;
/** A single-check row: this long one at a time, after a warm-up of a third of it. */
const SINGLE_SECONDS = 3;
const API_READ = '/api/orgs/acme/devices';
const SESSION_HEADERS = { Cookie: 'ory_kratos_session=bench-session' };

/**
 * The rows measured on each database, in order; the first is the anchor. Rows about the
 * product's own roles (the reverse lookup of a user's projects; the permission lists before and
 * after those roles are kept in the permission store) belong in this list too, beside these,
 * once those roles live there.
 */
function rowsFor({ gateway, apiKey }) {
  const key = { authorization: `Bearer ${apiKey}` };
  const nobody = (path) => {
    let n = 0;
    return () => `${gateway.url}${asNobody(path, n++)}`;
  };
  return [
    { label: 'gateway /api read (cached session and lists)', kind: 'anchor', url: `${gateway.url}${API_READ}`, headers: SESSION_HEADERS },
    {
      label: 'check: 3 nested subject sets, first time (each check never asked before)',
      kind: 'load',
      url: gateway.url,
      ...firstTime(subjectSetChecks(FIRST_TIME_CHECKS + FIRST_TIME_WARMUP + CHECKS_PROVED, 11)),
      headers: key,
    },
    {
      label: 'check: OPL traverse, first time (each check never asked before)',
      kind: 'load',
      url: gateway.url,
      ...firstTime(traverseChecks(FIRST_TIME_CHECKS + FIRST_TIME_WARMUP + CHECKS_PROVED, 13)),
      headers: key,
    },
    {
      label: `check: 3 nested subject sets (Folder#viewers > dept > team > squad), kept: ${CHECKS_PER_ROW} checks asked again`,
      kind: 'load',
      url: gateway.url,
      paths: subjectSetChecks(CHECKS_PER_ROW),
      headers: key,
    },
    {
      label: `check: OPL traverse (File#view > folder > root folder), kept: ${CHECKS_PER_ROW} checks asked again`,
      kind: 'load',
      url: gateway.url,
      paths: traverseChecks(CHECKS_PER_ROW),
      headers: key,
    },
    { label: 'fan-out: 200 parents, 10 to a root (width limit 100), first time', kind: 'single', urlFor: nobody(FAN_OUT_CHECKS.siblings), headers: key },
    { label: 'fan-out: 200 parents, each in a tree of its own, first time', kind: 'single', urlFor: nobody(FAN_OUT_CHECKS.spread), headers: key },
    { label: 'cycle: folders each the other’s parent, a ring of groups, first time', kind: 'single', urlFor: nobody(CYCLE_CHECK), headers: key },
    { label: 'fan-out: 200 parents, each in a tree of its own, kept', kind: 'single', urlFor: () => `${gateway.url}${FAN_OUT_CHECKS.spread}`, headers: key },
  ];
}

/** A first-time row's checks: some to prove they are allowed, others to warm up with, and the row's own, each list apart. */
function firstTime(paths) {
  return {
    provePaths: paths.slice(0, CHECKS_PROVED),
    warmPaths: paths.slice(CHECKS_PROVED, CHECKS_PROVED + FIRST_TIME_WARMUP),
    paths: paths.slice(CHECKS_PROVED + FIRST_TIME_WARMUP),
    firstTime: true,
  };
}

/** Which databases to run on: BENCH_PERMISSION_DATABASES, `postgres,pglite` by default. */
function databases() {
  return (process.env.BENCH_PERMISSION_DATABASES ?? 'postgres,pglite')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export async function benchPermissions({ load, say, seconds, warmupSeconds, connections, problems }) {
  say();
  say(`== permission checks through the gateway (dist/, ${TUPLES.toLocaleString('en')} relationships, an API key, ${connections} connections) ==`);
  const [api, identity] = await Promise.all([startUpstream('api'), startUpstream('identity')]);
  const runs = [];
  try {
    for (const label of databases()) {
      const run = await benchDatabase(label, { load, say, seconds, warmupSeconds, connections, problems, api, identity });
      if (run) runs.push(run);
    }
  } finally {
    await Promise.all([api.stop(), identity.stop()]);
  }
  for (const run of runs) report(run, { say, seconds, connections, problems });
  if (runs.length > 0) {
    say(
      `   load rows: wrk, ${seconds} s after ${warmupSeconds} s of warm-up, all allowed (403 "not allowed" would count as a failure); first time: each request a check never asked before (the warm-up sends others); kept: each request another of ${CHECKS_PER_ROW} checks, each asked once before the warm-up, answered from what the service keeps until a change`,
    );
    say(
      `   single rows: one check at a time for ${SINGLE_SECONDS} s, each answered {"allowed": false}; first time: each of another nobody; limit.max_read_depth 5, limit.max_read_width 100 (the defaults)`,
    );
    say(
      '   permission cores / us/req: CPU the permission service kept busy during the row (its process, PGlite in it, or its PostgreSQL connections), and per check: the figure to compare across commits',
    );
  }
}

async function benchDatabase(label, context) {
  const { say, problems, api, identity } = context;
  let database;
  if (label === 'postgres') {
    database = await freshPostgres(say);
    if (!database) return null;
  } else if (label !== 'pglite') {
    problems.push(`BENCH_PERMISSION_DATABASES names "${label}": expected postgres or pglite`);
    return null;
  }
  const dir = makeTempDir(`permission-${label}`);
  const env = { ...process.env };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, `--cpu-prof-name=permission-${label}.cpuprofile`] : [];
  const service = startProcess(`permission service (${label})`, process.execPath, [...profile, join(HERE, 'upstreams', 'permission.mjs')], {
    env,
    logFile: join(dir, 'permission.log'),
    announce: true,
    ipc: true,
  });
  let gateway;
  try {
    const started = performance.now();
    const announced = await firstLine(service, 180_000);
    say(
      `   ${label}: ${TUPLES.toLocaleString('en')} relationships stored in ${fixed(announced.storeMs / 1000, 1)} s ` +
        `(unnest INSERTs of 50 000, then the primary key and index built), analysed in ${fixed(announced.analyseMs / 1000, 1)} s; ` +
        `services up ${fixed((performance.now() - started) / 1000, 1)} s after start, the relationships in the service's memory ${fixed(announced.inMemoryMs / 1000, 1)} s later ` +
        `(resident size then ${announced.rssMb} MB)`,
    );
    gateway = await startGateway({
      cpuProfDir,
      name: `gateway (permissions, ${label})`,
      apiUrl: api.url,
      identityUrl: identity.url,
      logLevel: 'warn',
      assertionSecret: randomBytes(32).toString('base64url'),
      internalToken: randomBytes(24).toString('base64url'),
      metricsToken: randomBytes(24).toString('base64url'),
      env: {
        PLATFORM_URL: announced.platformUrl,
        PLATFORM_ADMIN_TOKEN: announced.platformAdminToken,
        PERMISSION_URL: announced.permissionUrl,
        PERMISSION_ADMIN_TOKEN: announced.permissionAdminToken,
      },
    });
    // The permission service's work: its process (with PGlite in it) and its PostgreSQL connections.
    const servicePids = async () => [service.child.pid, ...((await database?.backendPids()) ?? [])];
    const rows = [];
    const only = process.env.BENCH_PERMISSION_ROWS;
    for (const row of rowsFor({ gateway, apiKey: announced.apiKey }).filter((row) => !only || row.kind === 'anchor' || row.label.includes(only))) {
      say(`-- ${label}: ${row.label}`);
      try {
        rows.push({ ...row, ...(await measure(row, servicePids, context)) });
      } catch (error) {
        problems.push(`permissions (${label}) ${row.label}: ${error.message}`);
        say(`   failed: ${error.message}`);
        rows.push({ ...row, error });
      }
    }
    return { label, rows };
  } catch (error) {
    problems.push(`permission rows (${label}): ${error.message}`);
    say(`   failed: ${error.message}`);
    return null;
  } finally {
    await gateway?.stop();
    await stopProcess(service);
    await database?.drop();
  }
}

async function measure(row, servicePids, { load, say, seconds, warmupSeconds, connections }) {
  if (row.kind === 'single') return measureSingle(row, say);
  if (row.paths) await proveAllowed(row);
  if (row.paths && !row.firstTime) await askEach(row);
  const request = { url: row.url, headers: row.headers, paths: row.paths, connections };
  const warm = await load({ ...request, paths: row.warmPaths ?? row.paths, seconds: warmupSeconds });
  if (warm.requests === 0 || warm.non2xx > 0) {
    const sample = await httpGet(row.paths ? `${row.url}${row.paths[0]}` : row.url, row.headers).catch((error) => ({ status: error.message, body: '' }));
    throw new Error(`warm-up got ${warm.non2xx} non-2xx of ${warm.requests}; one request answers ${sample.status}: ${sample.body.slice(0, 300)}`);
  }
  // The pool's connections are open after the warm-up; one opened during the run counts from zero,
  // and one closed during it is left out (its last CPU reading is gone with it).
  const before = new Map((await servicePids()).map((pid) => [pid, cpuSeconds(pid)]));
  const started = performance.now();
  const result = await load({ ...request, seconds });
  const wall = (performance.now() - started) / 1000;
  const used = (await servicePids()).reduce((sum, pid) => sum + Math.max(0, cpuSeconds(pid) - (before.get(pid) ?? 0)), 0);
  const cores = used / wall;
  if (result.non2xx > 0) throw new Error(`${result.non2xx} of ${result.requests} answers were not 2xx`);
  if (row.firstTime && result.requests > row.paths.length) throw new Error(`${result.requests} checks sent, more than the ${row.paths.length} never asked before`);
  if (row.firstTime && warm.requests > row.warmPaths.length) throw new Error(`the warm-up sent ${warm.requests} checks, more than its ${row.warmPaths.length}`);
  if (result.socketErrors > 0) throw new Error(`${result.socketErrors} socket errors`);
  say(`   ${fixed(result.rps, 0)} req/s, p50 ${fixed(result.p50, 2)} ms, p99 ${fixed(result.p99, 2)} ms`);
  return { result, cores };
}

/** Some of a row's checks, asked once: each must be allowed, or the row would measure refusals. */
async function proveAllowed(row) {
  // A first-time row proves checks of its own kind that it then does not send.
  const paths = row.provePaths ?? row.paths.filter((_, i) => i % Math.floor(row.paths.length / CHECKS_PROVED) === 0);
  for (const path of paths) {
    const answer = await httpGet(`${row.url}${path}`, row.headers, 10_000);
    if (answer.status !== 200 || JSON.parse(answer.body).allowed !== true) throw new Error(`${path} answered ${answer.status} ${answer.body.slice(0, 200)}, not allowed`);
  }
}

/**
 * A kept row's checks, each asked once before its warm-up, ten at a time: the row then measures
 * answers kept.
 */
async function askEach(row) {
  let next = 0;
  const asker = async () => {
    while (next < row.paths.length) {
      const path = row.paths[next++];
      const answer = await httpGet(`${row.url}${path}`, row.headers, 10_000);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} ${answer.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, asker));
}

/** One check at a time: its latency is what one caller waits for it. Each must answer "not allowed". */
async function measureSingle(row, say) {
  const once = async () => {
    const response = await fetch(row.urlFor(), { headers: row.headers });
    const body = await response.text();
    if (response.status !== 403 || body !== '{"allowed":false}') throw new Error(`answered ${response.status} ${body.slice(0, 200)}`);
    return true;
  };
  await closedLoop(once, { seconds: SINGLE_SECONDS / 3, concurrency: 1 });
  const result = await closedLoop(once, { seconds: SINGLE_SECONDS, concurrency: 1 });
  if (result.failures > 0) throw new Error(`${result.failures} of ${result.count} checks failed: ${result.firstError?.message ?? 'no answer'}`);
  say(`   ${result.count} checks, p50 ${fixed(result.p50, 1)} ms, p99 ${fixed(result.p99, 1)} ms`);
  return { result };
}

/** Whether a row met its target, and the target as the table states it. */
function verdict(row, anchor) {
  if (!row.result) return { goal: '-', pass: false };
  if (row.kind === 'anchor') return { goal: '(anchor)', pass: true };
  if (row.kind === 'single') return { goal: `p99 < ${GOALS.singleP99Ms} ms`, pass: row.result.p99 < GOALS.singleP99Ms };
  const share = anchor?.result ? row.result.rps / anchor.result.rps : Number.NaN;
  return { goal: `>= ${GOALS.vsApiRead}x, p99 < ${GOALS.p99Ms} ms`, pass: share >= GOALS.vsApiRead && row.result.p99 < GOALS.p99Ms };
}

function report(run, { say, seconds, connections, problems }) {
  const anchor = run.rows.find((row) => row.kind === 'anchor');
  say();
  say(`== permission rows on ${run.label} (${seconds} s per load row, ${connections} connections) ==`);
  say(
    formatTable(
      ['row', 'req/s', 'p50 ms', 'p99 ms', 'vs /api read', 'permission cores', 'permission us/req', 'target', 'result'],
      run.rows.map((row) => {
        const { goal, pass } = verdict(row, anchor);
        if (!row.result) return [row.label, 'failed', '-', '-', '-', '-', '-', goal, 'FAIL'];
        const load = row.kind !== 'single';
        return [
          row.label,
          fixed(row.result.rps, 0),
          fixed(row.result.p50, 2),
          fixed(row.result.p99, 2),
          load ? ratio(row.result.rps, anchor?.result?.rps) : '-',
          load ? fixed(row.cores, 2) : '-',
          load && row.kind !== 'anchor' ? fixed((row.cores * 1e6) / row.result.rps, 0) : '-',
          goal,
          pass ? 'PASS' : 'FAIL',
        ];
      }),
    ),
  );
  for (const row of run.rows) {
    const { goal, pass } = verdict(row, anchor);
    if (row.result && !pass)
      problems.push(
        `permissions (${run.label}) ${row.label}: target ${goal} missed (${fixed(row.result.p99, 1)} ms p99${row.kind === 'load' ? `, ${ratio(row.result.rps, anchor?.result?.rps)} the /api read` : ''})`,
      );
  }
}

// `node test/load/permissions.mjs` (after `npm run build`): only these rows.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { cleanup, installSignalCleanup } = await import('./processes.mjs');
  const { aptInstall, which } = await import('../../scripts/debian-packages.mjs');
  const { runWrk } = await import('./wrk.mjs');
  installSignalCleanup();
  const print = (line = '') => process.stdout.write(`${line}\n`);
  // Only wrk: these rows need neither nginx nor Chromium, which the whole bench installs.
  if (!which('wrk')) aptInstall(['wrk'], print);
  const wrk = which('wrk');
  if (!wrk) throw new Error('these rows need wrk (apt-get install wrk)');
  const problems = [];
  await benchPermissions({
    load: (options) => runWrk(wrk, { ...options, threads: 1 }),
    say: print,
    seconds: Number(process.env.BENCH_DURATION ?? 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
    connections: 50,
    problems,
  });
  await cleanup();
  for (const problem of problems) print(`!! FAILED: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
