/**
 * `npm run bench`: how much the gateway costs in front of the API, next to the proxy an
 * operator would otherwise use. Every process listens on 127.0.0.1 and runs as its own
 * process (so each one's CPU can be read from /proc); every run is bounded by wrk's duration.
 *
 * Rows: the API upstream alone; the gateway on `/api/orgs/acme/devices` with a warm session
 * and permission cache; the floor of any Node proxy (upstreams/node-proxy.mjs: node:http and
 * undici passing the request through, nothing else); nginx proxying to the API; nginx with
 * `auth_request` asking the gateway's `/bff/authz` before proxying; Caddy (`reverse_proxy`, and
 * `forward_auth` to `/bff/authz`) and HAProxy proxying, each on one core (peers.mjs). Optional extras (BENCH_EXTRA=0 skips them): the
 * gateway at LOG_LEVEL=info (what the per-request log line costs) and nginx with one worker
 * per core.
 *
 * Environment: BENCH_DURATION (seconds per measured run, default 10), BENCH_WARMUP (default
 * 2), BENCH_EXTRA (default 1), BENCH_CPU_PROF (a directory: the gateways run with --cpu-prof
 * and leave their profiles there), BENCH_ONLY=gateway (stop after the gateway's table).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startGateway } from './gateway.mjs';
import { benchIdentity } from './identity.mjs';
import { benchAudit } from './audit.mjs';
import { benchAuditProduct } from './audit-product.mjs';
import { benchBundles } from './bundle-budgets.mjs';
import { benchHeatmapViewer } from './heatmap-viewer.mjs';
import { startNginx } from './nginx.mjs';
import { startCaddy, startHaproxy } from './peers.mjs';
import { benchOAuth2 } from './oauth2.mjs';
import { benchPermissions } from './permissions.mjs';
import { benchRolePermissions } from './role-permissions.mjs';
import { benchProduct } from './product.mjs';
import { benchSurvey } from './survey.mjs';
import { benchSurveyReport } from './survey-report.mjs';
import { cleanup, cpuSeconds, freePort, httpGet, installSignalCleanup, isInterrupted, reapedChildrenCpuSeconds } from './processes.mjs';
import { fixed, formatTable, ratio } from './table.mjs';
import { ensureTools, loadFor, versions } from './tools.mjs';
import { startUpstream } from './upstreams/start.mjs';

const SECONDS = wholeNumber('BENCH_DURATION', 10);
const WARMUP_SECONDS = wholeNumber('BENCH_WARMUP', 2);
const EXTRA_ROWS = process.env.BENCH_EXTRA !== '0';
const GATEWAY_ONLY = process.env.BENCH_ONLY === 'gateway';
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const CONNECTIONS = 50;
const ROUTE = '/api/orgs/acme/devices';
const SESSION_HEADERS = { Cookie: 'ory_kratos_session=bench-session' };
/** The targets this bench exists to watch (informational: they never fail the run). */
const TARGET = { ratioToNginx: 0.45, p99Ms: 15 };
/**
 * The gateway doing its whole job against proxies that do less: at least Caddy proxying and
 * doing nothing, twice Caddy asking the gateway first, three quarters of the bare Node proxy.
 */
const PEER_TARGETS = [
  { row: 'caddy proxy (GOMAXPROCS=1)', atLeast: 1 },
  { row: 'caddy forward_auth -> gateway authz', atLeast: 2 },
  { row: 'Node proxy floor (node:http + undici)', atLeast: 0.75 },
];
// Fresh secrets per run: nothing here is a credential anyone could reuse.
const ASSERTION_SECRET = randomBytes(32).toString('base64url');
const INTERNAL_TOKEN = randomBytes(24).toString('base64url');
const METRICS_TOKEN = randomBytes(24).toString('base64url');

/** Things that failed to run or measured the wrong thing: the bench exits 1. */
const problems = [];
/** Things worth a look that do not invalidate the numbers. */
const flags = [];

// Once Ctrl-C has stopped the servers, the rows still running fail noisily: say nothing more.
const say = (line = '') => {
  if (!isInterrupted()) process.stdout.write(`${line}\n`);
};

function wholeNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 600) throw new Error(`${name}="${raw}": expected whole seconds from 1 to 600`);
  return value;
}

async function main() {
  installSignalCleanup();
  const tools = await ensureTools(say);
  if (!tools.wrk && !tools.autocannon) {
    throw new Error(
      'neither wrk nor autocannon is available: install wrk (apt-get install wrk), or add the fallback with `npm install --save-exact -D autocannon`, then run again',
    );
  }
  const load = loadFor(tools);
  const loadName = tools.wrk ? `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s --latency` : `autocannon -c ${CONNECTIONS} -d ${SECONDS} (wrk unavailable)`;
  if (!tools.nginx) say('!! nginx is unavailable: the nginx rows are skipped and the target cannot be evaluated');

  say('== sitewave gateway benchmark ==');
  for (const line of await versions(tools)) say(`   ${line}`);
  say(`   load: ${loadName}, ${WARMUP_SECONDS} s warm-up before each measured run; all on 127.0.0.1; load generator, upstreams, gateway and nginx share the cores`);
  say('   gateway: node dist/server/main.js, LOG_LEVEL=warn: the per-request log line (info) is off; metrics and hooks still run');
  if (tools.nginx) say('   nginx: worker_processes 1 (one core, like the one-threaded gateway), access_log off, upstream keepalive 64');
  if (CPU_PROF_DIR) {
    mkdirSync(CPU_PROF_DIR, { recursive: true });
    say(`   gateway CPU profiles go to ${CPU_PROF_DIR}`);
  }
  say();

  const [api, identity] = await Promise.all([startUpstream('api'), startUpstream('identity')]);
  const gatewayOptions = {
    apiUrl: api.url,
    identityUrl: identity.url,
    assertionSecret: ASSERTION_SECRET,
    internalToken: INTERNAL_TOKEN,
    metricsToken: METRICS_TOKEN,
    cpuProfDir: CPU_PROF_DIR,
  };
  // Both gateways start now, so each has been idle as long before its row: under-pressure's
  // event-loop utilization is averaged since start, and a gateway started just before a
  // saturating row sheds load with 503s sooner (see README).
  const [gateway, pair, verbose] = await Promise.all([
    startGateway({ ...gatewayOptions, name: 'gateway (warn)', logLevel: 'warn' }),
    startGateway({ ...gatewayOptions, name: 'gateway (2 workers)', logLevel: 'warn', workers: 2 }),
    EXTRA_ROWS ? startGateway({ ...gatewayOptions, name: 'gateway (info)', logLevel: 'info' }) : null,
  ]);

  const measure = (row) => measureRow(row, load, api);
  const results = [];

  results.push(await measure({ label: 'API upstream direct', url: api.url + ROUTE, pids: { api: api.pid }, assertion: false }));

  // A gateway row: the gateway alone in front of the API, and how often it asked whoami.
  const measureGateway = async (label, target) => {
    const before = await whoamiCalls(identity);
    const row = await measure({
      label,
      url: target.url + ROUTE,
      headers: SESSION_HEADERS,
      pids: { api: api.pid, identity: identity.pid, gateway: target.pid },
      gateway: target,
      assertion: true,
    });
    results.push(row);
    const whoami = (await whoamiCalls(identity)) - before;
    if (whoami !== 1) flags.push(`${label} called whoami ${whoami} times (expected 1)`);
    return { row, whoami };
  };

  const { row: gatewayRow, whoami } = await measureGateway('gateway (LOG_LEVEL=warn)', gateway);
  await measureGateway('gateway (2 workers)', pair);
  await pair.stop();

  const nodeProxy = await startUpstream('node-proxy', [api.url]);
  let floorRow;
  try {
    floorRow = await measure({ label: 'Node proxy floor (node:http + undici)', url: nodeProxy.url + ROUTE, pids: { api: api.pid, floor: nodeProxy.pid }, assertion: false });
    results.push(floorRow);
  } finally {
    await nodeProxy.stop();
  }

  let nginxRow;
  if (tools.nginx) {
    const ports = { plainPort: await freePort(), authPort: await freePort() };
    const nginx = await startNginx(tools.nginx, { workers: 1, apiPort: port(api.url), gatewayPort: port(gateway.url), internalToken: INTERNAL_TOKEN, ...ports });
    try {
      nginxRow = await measure({ label: 'nginx proxy (1 worker)', url: `http://127.0.0.1:${ports.plainPort}${ROUTE}`, pids: { api: api.pid, nginx: nginx.pid }, assertion: false });
      results.push(nginxRow);
      results.push(
        await measure({
          label: 'nginx auth_request -> gateway authz',
          url: `http://127.0.0.1:${ports.authPort}${ROUTE}`,
          headers: SESSION_HEADERS,
          pids: { api: api.pid, identity: identity.pid, gateway: gateway.pid, nginx: nginx.pid },
          gateway,
          assertion: true,
        }),
      );
    } finally {
      await nginx.stop();
    }
  }

  if (tools.caddy) {
    const ports = { plainPort: await freePort(), authPort: await freePort() };
    const caddy = await startCaddy(tools.caddy, { apiPort: port(api.url), gatewayPort: port(gateway.url), internalToken: INTERNAL_TOKEN, ...ports });
    try {
      results.push(
        await measure({ label: 'caddy proxy (GOMAXPROCS=1)', url: `http://127.0.0.1:${ports.plainPort}${ROUTE}`, pids: { api: api.pid, peer: caddy.pid }, assertion: false }),
      );
      results.push(
        await measure({
          label: 'caddy forward_auth -> gateway authz',
          url: `http://127.0.0.1:${ports.authPort}${ROUTE}`,
          headers: SESSION_HEADERS,
          pids: { api: api.pid, identity: identity.pid, gateway: gateway.pid, peer: caddy.pid },
          gateway,
          assertion: true,
        }),
      );
    } finally {
      await caddy.stop();
    }
  } else say('!! caddy is unavailable: its rows are skipped');
  if (tools.haproxy) {
    const plainPort = await freePort();
    const haproxy = await startHaproxy(tools.haproxy, { apiPort: port(api.url), plainPort });
    try {
      results.push(
        await measure({ label: 'haproxy proxy (nbthread 1)', url: `http://127.0.0.1:${plainPort}${ROUTE}`, pids: { api: api.pid, peer: haproxy.pid }, assertion: false }),
      );
    } finally {
      await haproxy.stop();
    }
  } else say('!! haproxy is unavailable: its row is skipped');

  const notes = [];
  if (EXTRA_ROWS) {
    try {
      const { row } = await measureGateway('gateway (LOG_LEVEL=info)', verbose);
      const served = row.result ? row.result.requests + (row.warmupRequests ?? 0) : 0;
      if (served > 0) notes.push(`LOG_LEVEL=info wrote ${fixed(statSync(verbose.logFile).size / served, 0)} log bytes per request`);
    } finally {
      await verbose.stop();
    }
    if (tools.nginx) {
      const plainPort = await freePort();
      const nginx = await startNginx(tools.nginx, { workers: 'auto', apiPort: port(api.url), plainPort });
      try {
        results.push(
          await measure({ label: 'nginx proxy (workers auto)', url: `http://127.0.0.1:${plainPort}${ROUTE}`, pids: { api: api.pid, nginx: nginx.pid }, assertion: false }),
        );
      } finally {
        await nginx.stop();
      }
    }
  }

  // The gateway stops with SIGTERM before the report so a --cpu-prof profile is complete.
  await gateway.stop();
  report(results, { direct: results[0], gateway: gatewayRow, floor: floorRow, nginx: nginxRow, whoami, notes });

  if (GATEWAY_ONLY) return;
  const reported = problems.length;
  await benchIdentity({ load, say, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, problems, cpuProfDir: CPU_PROF_DIR });
  await benchOAuth2({ load, say, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, problems });
  await benchPermissions({ load, say, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, problems });
  await benchRolePermissions({ say, problems });
  await benchAudit({ say, problems });
  await benchAuditProduct({ say, problems });
  await benchSurvey({ load, say, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, problems });
  await benchSurveyReport({ say, problems });
  await benchProduct({ load, say, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, problems });
  await benchBundles({ say, problems });
  await benchHeatmapViewer({ say, problems });
  for (const problem of problems.slice(reported)) say(`!! FAILED: ${problem}`);
}

/** Warm-up, then the measured run, with each process's CPU read around it. */
async function measureRow(row, load, api) {
  const { label, url, headers = {}, pids, assertion, gateway } = row;
  say(`-- ${label}: ${url}`);
  try {
    const warm = await load({ url, headers, seconds: WARMUP_SECONDS, connections: CONNECTIONS });
    if (warm.requests === 0 || warm.non2xx > 0) {
      const sample = await httpGet(url, headers).catch((error) => ({ status: error.message, body: '' }));
      throw new Error(`warm-up got ${warm.non2xx} non-2xx of ${warm.requests}; one request answers ${sample.status}: ${sample.body.slice(0, 300)}`);
    }
    const apiBefore = await apiCounts(api);
    const statusBefore = gateway ? await gateway.statusClasses() : null;
    const cpuBefore = readCpu(pids);
    const loadBefore = reapedChildrenCpuSeconds();
    const started = performance.now();
    const result = await load({ url, headers, seconds: SECONDS, connections: CONNECTIONS });
    const wall = (performance.now() - started) / 1000;
    const cpuAfter = readCpu(pids);
    const cpu = { load: (reapedChildrenCpuSeconds() - loadBefore) / wall };
    for (const name in pids) cpu[name] = (cpuAfter[name] - cpuBefore[name]) / wall;
    const apiAfter = await apiCounts(api);

    const forwarded = apiAfter.devices - apiBefore.devices;
    const asserted = apiAfter.devicesWithAssertion - apiBefore.devicesWithAssertion;
    if (assertion && asserted !== forwarded) problems.push(`${label}: ${forwarded - asserted} of ${forwarded} requests reached the API without an identity assertion`);
    if (!assertion && asserted > 0) problems.push(`${label}: ${asserted} requests reached the API with an identity assertion`);
    if (result.non2xx > 0) {
      let detail = '';
      if (gateway) {
        const after = await gateway.statusClasses();
        const classes = Object.keys(after).filter((name) => name !== '2xx' && after[name] !== (statusBefore[name] ?? 0));
        detail = `; the gateway answered ${classes.map((name) => `${after[name] - (statusBefore[name] ?? 0)} ${name}`).join(', ') || 'no errors'}`;
        detail += ' (a 503 "overloaded" is @fastify/under-pressure shedding load, see README)';
      }
      problems.push(`${label}: ${result.non2xx} of ${result.requests} answers were not 2xx${detail}`);
    }
    if (result.socketErrors > 0) flags.push(`${label}: ${result.socketErrors} socket errors (connect/read/write/timeout)`);
    say(`   ${fixed(result.rps, 0)} req/s, p50 ${fixed(result.p50, 2)} ms, p99 ${fixed(result.p99, 2)} ms`);
    return { ...row, result, cpu, warmupRequests: warm.requests };
  } catch (error) {
    problems.push(`${label}: ${error.message}`);
    say(`   failed: ${error.message}`);
    return { ...row, error };
  }
}

function readCpu(pids) {
  const out = {};
  for (const name in pids) out[name] = cpuSeconds(pids[name]);
  return out;
}

async function apiCounts(api) {
  return JSON.parse((await httpGet(`${api.url}/__count`)).body);
}

async function whoamiCalls(identity) {
  return JSON.parse((await httpGet(`${identity.url}/__count`)).body).whoami;
}

function port(url) {
  return Number(new URL(url).port);
}

function report(results, { direct, gateway, floor, nginx, whoami, notes }) {
  const base = direct?.result?.rps;
  const nginxRps = nginx?.result?.rps;
  say();
  say(`== results (${SECONDS} s per row, ${CONNECTIONS} connections) ==`);
  say(
    formatTable(
      ['row', 'req/s', 'p50 ms', 'p99 ms', 'vs direct', 'vs nginx'],
      results.map(({ label, result }) =>
        result
          ? [label, fixed(result.rps, 0), fixed(result.p50, 2), fixed(result.p99, 2), ratio(result.rps, base), ratio(result.rps, nginxRps)]
          : [label, 'failed', '-', '-', '-', '-'],
      ),
    ),
  );

  say();
  say('== CPU during the measured run (cores busy; the machine has as many as nproc says) ==');
  const names = ['load', 'api', 'identity', 'gateway', 'floor', 'nginx', 'peer'];
  say(
    formatTable(
      ['row', 'load gen', 'api', 'identity', 'gateway', 'node floor', 'nginx', 'caddy/haproxy', 'proxy us/req'],
      results
        .filter((row) => row.result)
        .map(({ label, result, cpu }) => {
          const proxyCores = (cpu.gateway ?? 0) + (cpu.floor ?? 0) + (cpu.nginx ?? 0) + (cpu.peer ?? 0);
          const perRequest = proxyCores > 0 ? (proxyCores * 1e6) / result.rps : NaN;
          return [label, ...names.map((name) => fixed(cpu[name], 2)), fixed(perRequest, 1)];
        }),
    ),
  );
  say('   proxy us/req: CPU microseconds the gateway, the Node proxy floor, nginx, Caddy and/or HAProxy spent per request (lower is better, independent of contention)');

  say();
  if (gateway?.result) {
    const whoamiOk = whoami === 1;
    say(`whoami calls by the gateway during its row: ${whoami} (expected exactly 1: one per session per cache TTL)${whoamiOk ? '' : '  !! FLAG'}`);
  }
  for (const note of notes) say(note);
  if (gateway?.result && floor?.result) {
    const ofFloor = gateway.result.rps / floor.result.rps;
    const floorToNginx = nginx?.result ? `; the floor itself is ${(floor.result.rps / nginx.result.rps).toFixed(2)}x nginx` : '';
    say(`gateway at ${ofFloor.toFixed(2)}x the Node proxy floor (what its own work costs)${floorToNginx}`);
  }
  if (gateway?.result && nginx?.result) {
    const r = gateway.result.rps / nginx.result.rps;
    const pass = r >= TARGET.ratioToNginx && gateway.result.p99 < TARGET.p99Ms;
    say(
      `target: gateway >= ${TARGET.ratioToNginx}x nginx with p99 < ${TARGET.p99Ms} ms -> ${pass ? 'PASS' : 'FAIL'} ` +
        `(gateway ${r.toFixed(2)}x nginx, p99 ${gateway.result.p99.toFixed(2)} ms; informational)`,
    );
  } else {
    say('target: not evaluated (the gateway or nginx row did not run)');
  }
  for (const { row: label, atLeast } of PEER_TARGETS) {
    const peer = results.find((row) => row.label === label)?.result;
    if (!gateway?.result || !peer) {
      say(`target: gateway >= ${atLeast}x ${label}: not evaluated (a row did not run)`);
      continue;
    }
    const r = gateway.result.rps / peer.rps;
    const pass = r >= atLeast && gateway.result.p99 < TARGET.p99Ms;
    say(
      `target: gateway >= ${atLeast}x ${label}, p99 < ${TARGET.p99Ms} ms -> ${pass ? 'PASS' : 'FAIL'} (${r.toFixed(2)}x, p99 ${gateway.result.p99.toFixed(2)} ms; informational)`,
    );
  }
  for (const flag of flags) say(`!! ${flag}`);
  for (const problem of problems) say(`!! FAILED: ${problem}`);
}

main()
  .catch((error) => {
    problems.push(error.message);
    say(`!! FAILED: ${error.stack ?? error.message}`);
  })
  .finally(async () => {
    // After a signal, its handler owns the shutdown and the exit code.
    if (isInterrupted()) return;
    await cleanup();
    process.exit(problems.length > 0 ? 1 : 0);
  });
