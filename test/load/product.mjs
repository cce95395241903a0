/**
 * End-to-end rows of `npm run bench` (also runnable alone, after `npm run build`:
 * `node test/load/product.mjs`): the whole product as `npm start` runs it — gateway, identity
 * service and API in `node dist/server/main.js` with the demo data — once on the embedded
 * default (PGlite in a fresh data directory) and once on PostgreSQL (a fresh database on the
 * local server), signed in with a session token as a script would be.
 *
 * - Reads a screen makes, under wrk with 50 connections. On PostgreSQL each read is anchored by
 *   `upstreams/product-anchor.mjs`: a bare Fastify + `pg` route issuing the same statements on
 *   the same database in the same run, the most this machine can serve of that query; the
 *   ratio is the product's share of it. Each read runs in rounds, product and anchor in turn,
 *   and its row gives the median round, with the worst round's p99 beside it.
 * - Writes: creating projects and importing a 10 000-sample CSV track (requests in flight from
 *   this process), password sign-ins (flow + submit), and how long the queued processing of a
 *   just-imported track takes.
 * - Memory: resident set once started and idle, and the peak over the whole run.
 *
 * Environment: BENCH_DURATION / BENCH_WARMUP (seconds, as the other rows), BENCH_PRODUCT_DATABASES
 * (`pglite,postgres` by default), BENCH_PRODUCT_ROUNDS (rounds per read, 3 by default),
 * BENCH_DATABASE_URL (a PostgreSQL database the bench may create and drop databases from;
 * default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { closedLoop } from './closed-loop.mjs';
import { loginLoop, register } from './identity.mjs';
import { freshPostgres } from './postgres.mjs';
import { cpuSeconds, descendants, firstLine, freePort, makeTempDir, peakRssBytes, rssBytes, startProcess, stopProcess, waitForHttp } from './processes.mjs';
import { fixed, formatTable, median, ratio } from './table.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MAIN = join(HERE, '..', '..', 'dist', 'server', 'main.js');
const MB = 1024 * 1024;
const TRACK_SAMPLES = 10_000;
const WRITE_CONCURRENCY = 10;
const UPLOAD_CONCURRENCY = 2;
/** What a browser sends with every read; the anchor is sent it too. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The reads behind the survey and administration screens, on the demo data. */
const READS = [
  ['projects list', (ids) => `/api/orgs/${ids.orgId}/projects`],
  ['project stats', (ids) => `/api/projects/${ids.projectId}/stats`],
  ["a floor's tracks", (ids) => `/api/floors/${ids.floorId}/tracks`],
  ["a track's datasets with values", (ids) => `/api/tracks/${ids.trackId}/datasets?include=values`],
  // As a browser comes back to a floor: its cache sends the ETag it holds.
  ['the same, revalidated (If-None-Match)', (ids) => `/api/tracks/${ids.trackId}/datasets?include=values`, { revalidate: true }],
  ["organisation's devices", (ids) => `/api/orgs/${ids.orgId}/devices`],
  ["organisation's invoices", (ids) => `/api/orgs/${ids.orgId}/invoices`],
];

/**
 * The issue-19 goals. `pgliteBefore`: req/s of the embedded default when the goal was set
 * (projects list 261-320, project stats 155, demo data, one token, wrk -c50).
 */
const GOALS = { anchorRatio: 0.5, postgresP99Ms: 100, pgliteBefore: { 'projects list': 320, 'project stats': 155 }, pgliteFactor: 3, idleRssMb: { pglite: 300, postgres: 250 } };

function processMemory(pid) {
  let rss = 0;
  for (const id of [pid, ...descendants(pid)]) rss += rssBytes(id);
  return rss;
}

async function startProduct(label, databaseUrl) {
  const dir = makeTempDir(`product-${label}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    // The sign-in row submits more passwords per minute than the limit a browser user gets.
    RATE_LIMIT_IDENTITY_SUBMITS: '100000',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const started = performance.now();
  const handle = startProcess(`product (${label})`, process.execPath, [MAIN], { env, logFile: join(dir, 'product.log') });
  await waitForHttp(`${base}/bff/health`, { timeoutMs: 120_000, handle });
  return { handle, base, readyMs: performance.now() - started, pid: handle.child.pid };
}

async function api(base, token, path, init = {}) {
  const response = await fetch(base + path, { ...init, headers: { 'x-session-token': token, accept: 'application/json', ...init.headers } });
  const body = await response.text();
  return { status: response.status, body: body ? JSON.parse(body) : null };
}

async function expectOk(base, token, path) {
  const answer = await api(base, token, path);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

const itemsOf = (body) => (Array.isArray(body) ? body : body.items);

/** The demo organisation's ids (the first account owns it), once its tracks are processed. */
async function demoIds(base, token) {
  const orgId = itemsOf(await expectOk(base, token, '/api/orgs'))[0].id;
  const projectId = itemsOf(await expectOk(base, token, `/api/orgs/${orgId}/projects`))[0].id;
  const floorId = itemsOf(await expectOk(base, token, `/api/projects/${projectId}/floors`))[0].id;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const track = itemsOf(await expectOk(base, token, `/api/floors/${floorId}/tracks`))[0];
    if (track?.status === 'processed') return { orgId, projectId, floorId, trackId: track.id };
    if (Date.now() > deadline) throw new Error(`the demo track is still ${track?.status ?? 'missing'} after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A walk of TRACK_SAMPLES readings: 2 500 positions along a zig-zag, four radios heard at each. */
function trackCsv() {
  const lines = ['time,x,y,technology,bssid,ssid,frequency,signal_dbm,noise_dbm,throughput_mbps'];
  const radios = [
    ['02:5a:07:00:00:01', 5180, 30],
    ['02:5a:07:00:00:02', 2412, 120],
    ['02:5a:07:00:01:01', 5500, 260],
    ['02:5a:07:00:01:02', 2437, 350],
  ];
  for (let i = 0; lines.length <= TRACK_SAMPLES; i++) {
    const x = 20 + ((i * 3) % 760);
    const y = 20 + Math.floor((i * 3) / 760) * 35;
    for (const [bssid, frequency, apX] of radios) {
      const distance = Math.hypot(x - apX * 2, y - 150) / 20 + 1;
      lines.push(`${(i * 0.5).toFixed(1)},${x},${y},wifi6,${bssid},Bench,${frequency},${(-30 - 25 * Math.log10(distance)).toFixed(0)},-95,`);
    }
  }
  return lines.join('\n');
}

function uploadTrack(base, token, floorId, csv, process) {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'bench-walk.csv');
  return fetch(`${base}/api/floors/${floorId}/tracks?process=${process}`, { method: 'POST', body: form, headers: { 'x-session-token': token } });
}

/**
 * Each read is measured in `rounds` rounds, the product and its anchor in turn, and reported by
 * the median round: on a shared 2-core machine one round's tail can be a neighbour's, and the
 * product and its anchor then meet the same minute.
 */
async function measureReads({ product, token, ids, load, seconds, warmupSeconds, connections, anchor, problems, label, rounds }) {
  const rows = [];
  let first = true;
  for (const [name, path, { revalidate = false } = {}] of READS) {
    const url = product.base + path(ids);
    const headers = { 'X-Session-Token': token, 'Accept-Encoding': BROWSER_ACCEPT_ENCODING };
    if (revalidate) {
      // With a browser's Accept-Encoding: the ETag a browser holds.
      const etag = (await fetch(url, { headers })).headers.get('etag');
      if (!etag) throw new Error(`${name}: ${url} answered without an ETag`);
      headers['If-None-Match'] = etag;
    }
    const anchorUrl = anchor && !revalidate ? anchor.base + path(ids) : null;
    const anchorHeaders = { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING };
    // The first row would otherwise also measure the process's own warm-up (code every read runs,
    // still being optimised): it is warmed three times as long, and so is its anchor.
    const warming = first ? 3 * warmupSeconds : warmupSeconds;
    const warm = await load({ url, headers, seconds: warming, connections });
    if (warm.non2xx > 0) throw new Error(`${name}: ${warm.non2xx} of ${warm.requests} warm-up answers were not 2xx (${url})`);
    if (anchorUrl) await load({ url: anchorUrl, headers: anchorHeaders, seconds: warming, connections });
    const measured = [];
    for (let round = 0; round < rounds; round++) {
      const cpu = cpuSeconds(product.pid);
      const result = await load({ url, headers, seconds, connections });
      const usPerRequest = ((cpuSeconds(product.pid) - cpu) * 1e6) / result.requests;
      if (result.non2xx > 0) problems.push(`end-to-end ${name} (${label}): ${result.non2xx} of ${result.requests} answers were not 2xx`);
      let anchored;
      if (anchorUrl) {
        anchored = await load({ url: anchorUrl, headers: anchorHeaders, seconds, connections });
        if (anchored.non2xx > 0) problems.push(`anchor ${name}: ${anchored.non2xx} of ${anchored.requests} answers were not 2xx`);
      }
      measured.push({ result, usPerRequest, anchored });
    }
    rows.push(medianRow(name, measured));
    first = false;
  }
  return rows;
}

/** A read's rounds as one row: each figure the median of its rounds; the ratio the median of each round's pair. */
function medianRow(name, measured) {
  const of = (pick) => median(measured.map(pick));
  const result = { rps: of((m) => m.result.rps), p50: of((m) => m.result.p50), p99: of((m) => m.result.p99) };
  const row = { name, rounds: measured.length, result, worstP99: Math.max(...measured.map((m) => m.result.p99)), usPerRequest: of((m) => m.usPerRequest) };
  if (measured[0].anchored) {
    row.anchored = { rps: of((m) => m.anchored.rps), p99: of((m) => m.anchored.p99) };
    row.vsAnchor = of((m) => m.result.rps / m.anchored.rps);
  }
  return row;
}

async function measureWrites({ product, token, ids, email, seconds }) {
  const { base } = product;
  let counter = 0;
  const create = await closedLoop(
    async () => {
      const answer = await api(base, token, `/api/orgs/${ids.orgId}/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench project ${process.pid}-${++counter}` }),
      });
      return answer.status === 201;
    },
    { seconds, concurrency: WRITE_CONCURRENCY },
  );
  const csv = trackCsv();
  const upload = await closedLoop(
    async () => {
      const response = await uploadTrack(base, token, ids.floorId, csv, false);
      await response.arrayBuffer();
      return response.status === 201;
    },
    { seconds, concurrency: UPLOAD_CONCURRENCY },
  );
  // One more, queued for processing: from the upload's answer to the track's processed state.
  const queued = await uploadTrack(base, token, ids.floorId, csv, true);
  if (queued.status !== 201) throw new Error(`a track upload answered ${queued.status}: ${(await queued.text()).slice(0, 300)}`);
  const { id } = await queued.json();
  const started = performance.now();
  let processMs;
  while (performance.now() - started < 120_000) {
    const track = await expectOk(base, token, `/api/tracks/${id}`);
    if (track.status === 'processed' || track.status === 'failed') {
      if (track.status === 'failed') throw new Error(`the benchmark track failed to process: ${track.failureReason}`);
      processMs = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const signIn = await loginLoop(`${base}/.ory`, email, seconds);
  return { create, upload, processMs, signIn };
}

async function benchOneDatabase(label, databaseUrl, options) {
  const product = await startProduct(label, databaseUrl);
  let anchor;
  try {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idleRss = processMemory(product.pid);
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    // The identity host's public paths are under /.ory at the gateway, as the browser sees them.
    const token = await register(`${product.base}/.ory`, email);
    const ids = await demoIds(product.base, token);
    if (databaseUrl) {
      const handle = startProcess('anchor', process.execPath, [join(HERE, 'upstreams', 'product-anchor.mjs'), databaseUrl], {
        logFile: join(makeTempDir('anchor'), 'anchor.log'),
        announce: true,
        ipc: true,
      });
      anchor = { handle, base: `http://127.0.0.1:${(await firstLine(handle, 30_000)).port}` };
    }
    const reads = await measureReads({ ...options, product, token, ids, anchor, label });
    const writes = await measureWrites({ product, token, ids, email, seconds: options.seconds });
    const peakRss = peakRssBytes(product.pid);
    return { label, readyMs: product.readyMs, idleRss, peakRss, reads, writes };
  } finally {
    if (anchor) await stopProcess(anchor.handle);
    await stopProcess(product.handle);
  }
}

function reportReads(say, run, pglite) {
  const anchored = run.reads.some((r) => r.anchored);
  const header = [
    `GET, demo data (median of ${run.reads[0].rounds} round${run.reads[0].rounds === 1 ? '' : 's'})`,
    'req/s',
    'p50 ms',
    'p99 ms',
    'worst p99 ms',
    'product CPU us/req',
  ];
  if (anchored) header.push('anchor req/s', 'anchor p99 ms', 'vs anchor');
  if (!anchored && pglite) header.push('before (issue 19)', 'vs before');
  const rows = run.reads.map(({ name, result, worstP99, usPerRequest, anchored: a, vsAnchor }) => {
    const row = [name, fixed(result.rps, 0), fixed(result.p50, 1), fixed(result.p99, 1), fixed(worstP99, 1), fixed(usPerRequest, 0)];
    if (anchored) row.push(a ? fixed(a.rps, 0) : '-', a ? fixed(a.p99, 1) : '-', a ? `${fixed(vsAnchor, 2)}x` : '-');
    if (!anchored && pglite) row.push(GOALS.pgliteBefore[name] ?? '-', GOALS.pgliteBefore[name] ? ratio(result.rps, GOALS.pgliteBefore[name]) : '-');
    return row;
  });
  say(formatTable(header, rows));
}

function reportWrites(say, run) {
  const { create, upload, processMs, signIn } = run.writes;
  const row = (name, r, inFlight) => [name, inFlight, fixed(r.rps, 1), fixed(r.p50, 0), fixed(r.p99, 0), String(r.failures)];
  say(
    formatTable(
      ['write', 'in flight', 'per s', 'p50 ms', 'p99 ms', 'failed'],
      [
        row('create a project', create, WRITE_CONCURRENCY),
        row(`import a ${TRACK_SAMPLES / 1000} 000-sample CSV track`, upload, UPLOAD_CONCURRENCY),
        row('password sign-in (flow + submit)', signIn, 4),
      ],
    ),
  );
  say(`   a queued ${TRACK_SAMPLES / 1000} 000-sample track was processed ${fixed(processMs, 0)} ms after its upload was answered`);
  say(`   memory: ready ${fixed(run.readyMs / 1000, 1)} s after start; idle RSS ${fixed(run.idleRss / MB, 0)} MB; peak RSS over the run ${fixed(run.peakRss / MB, 0)} MB`);
}

function failedWrites(run, problems) {
  for (const [name, r] of Object.entries(run.writes)) {
    if (r?.failures) problems.push(`end-to-end write ${name} (${run.label}): ${r.failures} of ${r.count} failed (${r.firstError?.message ?? 'unexpected status'})`);
  }
}

function reportGoals(say, runs) {
  const lines = [];
  const pglite = runs.find((r) => r.label === 'pglite');
  const postgres = runs.find((r) => r.label === 'postgres');
  if (postgres) {
    const worst = postgres.reads.filter((r) => r.anchored).reduce((a, b) => (b.vsAnchor < a.vsAnchor ? b : a));
    lines.push(`every read >= ${GOALS.anchorRatio}x its anchor on PostgreSQL: lowest ${fixed(worst.vsAnchor, 2)}x (${worst.name})`, worst.vsAnchor >= GOALS.anchorRatio);
    const slowest = postgres.reads.reduce((a, b) => (b.result.p99 > a.result.p99 ? b : a));
    lines.push(
      `every read's p99 < ${GOALS.postgresP99Ms} ms on PostgreSQL, median round: highest ${fixed(slowest.result.p99, 1)} ms (${slowest.name})`,
      slowest.result.p99 < GOALS.postgresP99Ms,
    );
    // Judged in every round too, so that one slow minute is shown, not hidden by the median.
    const roughest = postgres.reads.reduce((a, b) => (b.worstP99 > a.worstP99 ? b : a));
    lines.push(`the same in every round: highest ${fixed(roughest.worstP99, 1)} ms (${roughest.name})`, roughest.worstP99 < GOALS.postgresP99Ms);
  }
  if (pglite) {
    for (const [name, before] of Object.entries(GOALS.pgliteBefore)) {
      const row = pglite.reads.find((r) => r.name === name);
      lines.push(`${name} on PGlite >= ${GOALS.pgliteFactor}x ${before} req/s: ${fixed(row.result.rps, 0)} req/s`, row.result.rps >= GOALS.pgliteFactor * before);
    }
  }
  for (const run of runs) {
    const limit = GOALS.idleRssMb[run.label];
    lines.push(`idle RSS on ${run.label} <= ${limit} MB: ${fixed(run.idleRss / MB, 0)} MB`, run.idleRss / MB <= limit);
  }
  for (let i = 0; i < lines.length; i += 2) say(`   target: ${lines[i]} -> ${lines[i + 1] ? 'PASS' : 'FAIL'}`);
}

export async function benchProduct(options) {
  const { say, problems } = options;
  say();
  say('== the whole product end to end (node dist/server/main.js with its demo data, one session token) ==');
  const wanted = (process.env.BENCH_PRODUCT_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const rounds = Number(process.env.BENCH_PRODUCT_ROUNDS ?? 3);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_PRODUCT_ROUNDS: a whole number of rounds, 1 or more (got "${process.env.BENCH_PRODUCT_ROUNDS}")`);
  const runs = [];
  for (const label of wanted) {
    let database;
    try {
      if (label === 'postgres') {
        database = await freshPostgres(say);
        if (!database) continue;
      } else if (label !== 'pglite') throw new Error(`BENCH_PRODUCT_DATABASES: unknown database "${label}" (pglite, postgres)`);
      const run = await benchOneDatabase(label, database?.url, { ...options, rounds });
      runs.push(run);
      say();
      say(label === 'pglite' ? '-- embedded default: PGlite in a fresh data directory' : '-- DATABASE_URL = the local PostgreSQL, a fresh database');
      reportReads(say, run, label === 'pglite');
      reportWrites(say, run);
      failedWrites(run, problems);
    } catch (error) {
      problems.push(`end-to-end rows on ${label}: ${error.message}`);
      say(`   failed on ${label}: ${error.message}`);
    } finally {
      await database?.drop();
    }
  }
  if (runs.length === 0) return;
  say();
  say(
    `   reads: wrk with ${options.connections} connections, the X-Session-Token header and a browser's Accept-Encoding (${BROWSER_ACCEPT_ENCODING}); "product CPU" is the product process's CPU time per answered request`,
  );
  say(`   anchor: test/load/upstreams/product-anchor.mjs, bare Fastify + pg issuing the same statements through the same store functions, no gateway or checks`);
  say(
    `   the lists, the statistics and a processed track's row are answers the API keeps until the database changes (on PostgreSQL heard through its change triggers); the anchor computes them every time`,
  );
  reportGoals(say, runs);
}

// `node test/load/product.mjs` (after `npm run build`): only these rows.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { cleanup, installSignalCleanup } = await import('./processes.mjs');
  const { ensureTools, loadFor } = await import('./tools.mjs');
  installSignalCleanup();
  const say = (line = '') => process.stdout.write(`${line}\n`);
  const tools = await ensureTools(say);
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
  const problems = [];
  await benchProduct({ load: loadFor(tools), say, seconds, warmupSeconds, connections: 50, problems });
  await cleanup();
  for (const problem of problems) say(`!! FAILED: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
