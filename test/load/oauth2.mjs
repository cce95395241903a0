/**
 * The embedded OAuth2 provider's rows of `npm run bench` (also runnable alone, after
 * `npx tsc -p tsconfig.build.json`: `node test/load/oauth2.mjs`), through the gateway of the
 * product as `npm start` runs it: the token endpoint issuing client-credentials tokens to a
 * confidential client (client_secret_basic), and `/userinfo` with a user's access token from
 * a real authorization code flow. Each is reported against the same gateway's `/bff/health`,
 * measured in the same run, so the ratio says what the provider costs over the bare gateway, and
 * against the identity service's whoami through that gateway (the same user's session cookie),
 * the yardstick issue 40 names for a lookup behind the gateway.
 *
 * A row in between is the ceiling of any proxied row: `/.ory/health/alive`, which the gateway
 * proxies to the identity service like whoami and which that service answers at once, with no
 * lookup. What a proxied request costs over `/bff/health` (a second HTTP exchange, over loopback
 * to the services' thread) it costs too, so no lookup behind the gateway can run faster.
 */
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cleanup, cpuSeconds, firstLine, freePort, makeTempDir, startProcess, stopProcess } from './processes.mjs';
import { freshPostgres } from './postgres.mjs';
import { fixed, formatTable, ratio } from './table.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PASSWORD = 'bench passphrase that is long enough 2026';
// Never called: the flow stops where the provider sends the browser back with the code.
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** A browser's cookies on the gateway's origin, enough for the sign-in and consent round trips. */
function cookieJar() {
  const cookies = new Map();
  return {
    set: (name, value) => cookies.set(name, value),
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

async function call(url, { jar, method = 'GET', headers = {}, body } = {}) {
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    headers: {
      accept: 'application/json',
      ...(jar ? { cookie: jar.header() } : {}),
      ...(body && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
  });
  jar?.take(response);
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, location: response.headers.get('location'), body: json, text };
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer;
}

/** A registered account signs in to the client and consents; answers the user's access token. */
async function userAccessToken(origin, client) {
  const email = `bench-${Date.now()}@example.com`;
  const registration = expectStatus(await call(`${origin}/.ory/self-service/registration/api`), 200, 'registration flow');
  expectStatus(
    await call(`${origin}/.ory/self-service/registration?flow=${registration.body.id}`, { method: 'POST', body: { method: 'password', traits: { email }, password: PASSWORD } }),
    200,
    'registration',
  );

  const jar = cookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${origin}/.ory/oauth2/auth`);
  for (const [name, value] of Object.entries({
    client_id: client.client_id,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state: randomBytes(12).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(name, value);

  let next = authorize.href;
  for (let hop = 0; hop < 12 && !next.startsWith(REDIRECT_URI); hop++) {
    const url = new URL(next, origin);
    if (url.pathname === '/login') {
      const flow = expectStatus(
        await call(`${origin}/.ory/self-service/login/browser?login_challenge=${encodeURIComponent(url.searchParams.get('login_challenge'))}`, { jar }),
        200,
        'login flow',
      ).body;
      const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token').attributes.value;
      const done = expectStatus(
        await call(`${origin}/.ory/self-service/login?flow=${flow.id}`, {
          jar,
          method: 'POST',
          body: { csrf_token: csrf, method: 'password', identifier: email, password: PASSWORD },
        }),
        200,
        'login',
      ).body;
      next = done.continue_with.find((item) => item.action === 'redirect_browser_to').redirect_browser_to;
    } else if (url.pathname === '/consent') {
      const challenge = url.searchParams.get('consent_challenge');
      const consent = expectStatus(await call(`${origin}/bff/consent?consent_challenge=${encodeURIComponent(challenge)}`, { jar }), 200, 'consent request').body;
      jar.set('XSRF-TOKEN', 'bench-xsrf');
      const decided = await call(`${origin}/bff/consent`, {
        jar,
        method: 'POST',
        headers: { origin, 'x-xsrf-token': 'bench-xsrf' },
        body: { consent_challenge: challenge, action: 'accept', grant_scope: consent.requested_scope, remember: false },
      });
      next = expectStatus(decided, 200, 'consent').body.redirect_to;
    } else {
      const answer = await call(url.href, { jar });
      if (!answer.location) throw new Error(`${url.pathname} answered ${answer.status} without a redirect: ${answer.text.slice(0, 300)}`);
      next = new URL(answer.location, url).href;
    }
  }
  const code = new URL(next).searchParams.get('code');
  if (!code) throw new Error(`the authorization did not come back with a code: ${next}`);
  const tokens = expectStatus(
    await call(`${origin}/.ory/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic(client), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
    }),
    200,
    'code exchange',
  ).body;
  return { accessToken: tokens.access_token, email, cookie: jar.header() };
}

/** Waits (up to a minute) until one request of the row answers 2xx on its own. */
async function settled(request) {
  const until = performance.now() + 60_000;
  for (;;) {
    const answer = await call(request.url, { method: request.method, headers: request.headers, body: request.body });
    if (answer.status >= 200 && answer.status < 300) return;
    if (performance.now() > until) throw new Error(`${request.url} still answers ${answer.status} alone after a minute: ${answer.text.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const CLIENT_CREDENTIALS = 'token: client_credentials, client_secret_basic';
const USERINFO = '/userinfo (Bearer, openid email profile)';
const WHOAMI = 'identity whoami (session cookie), the yardstick';
const PROXY_FLOOR = 'proxied, answered at once: /.ory/health/alive (the ceiling)';
const OAUTH2_TARGETS = {
  [CLIENT_CREDENTIALS]: { ratio: 0.2, p99Ms: 50 },
  [USERINFO]: { ratio: 0.4, p99Ms: 50 },
};

const basic = (client) => `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;

/** The rows on each database of BENCH_OAUTH2_DATABASES (`pglite,postgres` by default). */
export async function benchOAuth2(context) {
  for (const label of (process.env.BENCH_OAUTH2_DATABASES ?? 'pglite,postgres').split(',')) {
    const { say, problems } = context;
    if (label !== 'pglite' && label !== 'postgres') {
      problems.push(`BENCH_OAUTH2_DATABASES names "${label}": expected pglite or postgres`);
      continue;
    }
    say();
    say(`== embedded OAuth2 provider through the gateway (dist/, the product as \`npm start\` runs it, one process, ${label === 'pglite' ? 'PGlite file' : 'PostgreSQL'}) ==`);
    const database = label === 'postgres' ? await freshPostgres(say) : null;
    if (label === 'postgres' && !database) continue;
    try {
      await oauth2Rows(context, database);
    } finally {
      await database?.drop();
    }
  }
}

async function oauth2Rows({ load, say, seconds, warmupSeconds, connections, problems }, database) {
  const dir = makeTempDir('oauth2-bench');
  const env = { ...process.env };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const handle = startProcess('product (OAuth2 rows)', process.execPath, [join(HERE, 'upstreams', 'product.mjs'), String(await freePort())], {
    env,
    logFile: join(dir, 'product.log'),
    announce: true,
    ipc: true,
  });
  try {
    const { url: origin, oauth2AdminUrl, oauth2AdminToken } = await firstLine(handle, 120_000);
    const created = await call(new URL('/admin/clients', oauth2AdminUrl).href, {
      method: 'POST',
      headers: { authorization: `Bearer ${oauth2AdminToken}` },
      body: {
        client_name: 'bench',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'client_credentials'],
        response_types: ['code'],
        scope: 'openid email profile',
        token_endpoint_auth_method: 'client_secret_basic',
      },
    });
    const client = expectStatus(created, 201, 'creating the client').body;
    const { accessToken, email, cookie } = await userAccessToken(origin, client);
    const userinfo = expectStatus(await call(`${origin}/.ory/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } }), 200, 'userinfo').body;
    if (userinfo.email !== email) throw new Error(`userinfo named ${JSON.stringify(userinfo.email)}, not the signed-in ${email}`);

    const targets = [
      { label: 'gateway /bff/health (baseline)', url: `${origin}/bff/health` },
      { label: PROXY_FLOOR, url: `${origin}/.ory/health/alive` },
      { label: WHOAMI, url: `${origin}/.ory/sessions/whoami`, headers: { cookie } },
      {
        label: CLIENT_CREDENTIALS,
        url: `${origin}/.ory/oauth2/token`,
        method: 'POST',
        headers: { authorization: basic(client), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      },
      { label: USERINFO, url: `${origin}/.ory/userinfo`, headers: { authorization: `Bearer ${accessToken}` } },
    ];
    const rows = [];
    for (const target of targets) {
      const request = { url: target.url, headers: target.headers ?? {}, method: target.method, body: target.body, connections };
      // The previous row's last requests may still be queued in the product: each row starts once one answer comes back alone.
      await settled(request);
      const warm = await load({ ...request, seconds: warmupSeconds });
      if (warm.requests === 0 || warm.non2xx > 0) throw new Error(`${target.label}: warm-up got ${warm.non2xx} non-2xx of ${warm.requests}`);
      const cpu = cpuSeconds(handle.child.pid);
      const started = performance.now();
      const result = await load({ ...request, seconds });
      const cores = (cpuSeconds(handle.child.pid) - cpu) / ((performance.now() - started) / 1000);
      if (result.non2xx > 0) problems.push(`${target.label}: ${result.non2xx} of ${result.requests} answers were not 2xx`);
      if (result.socketErrors > 0) problems.push(`${target.label}: ${result.socketErrors} socket errors`);
      rows.push({ label: target.label, result, cores });
    }
    const base = rows[0].result;
    const whoami = rows.find((row) => row.label === WHOAMI).result;
    say(
      formatTable(
        ['row', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs /bff/health', 'req/s vs whoami', 'p99 vs /bff/health', 'product CPU (cores)', 'CPU ms per request'],
        rows.map(({ label, result, cores }) => [
          label,
          fixed(result.rps, 0),
          fixed(result.p50, 2),
          fixed(result.p99, 2),
          ratio(result.rps, base.rps),
          ratio(result.rps, whoami.rps),
          ratio(result.p99, base.p99),
          fixed(cores, 2),
          fixed((cores * 1000) / result.rps, 3),
        ]),
      ),
    );
    say('   every token request issues and stores a new access token; userinfo looks the token and the account up each time');
    const ceiling = rows.find((row) => row.label === PROXY_FLOOR).result;
    say(`   ceiling: a proxied request with no lookup at all runs at ${ratio(ceiling.rps, base.rps)} /bff/health in this run; whoami is ${ratio(whoami.rps, ceiling.rps)} of it`);
    // Issue 40's goals, in this run: throughput against the bare gateway's, and the tail.
    for (const { label, result } of rows) {
      const goal = OAUTH2_TARGETS[label];
      if (!goal) continue;
      const fast = result.rps >= goal.ratio * base.rps;
      const tail = result.p99 < goal.p99Ms;
      say(
        `   target: ${label} >= ${goal.ratio}x /bff/health: ${ratio(result.rps, base.rps)} -> ${fast ? 'PASS' : 'FAIL'}; p99 < ${goal.p99Ms} ms: ${fixed(result.p99, 1)} ms -> ${tail ? 'PASS' : 'FAIL'}`,
      );
      const where = database ? 'PostgreSQL' : 'PGlite';
      if (!fast) problems.push(`${label} (${where}): ${fixed(result.rps, 0)} req/s is ${ratio(result.rps, base.rps)} /bff/health, under ${goal.ratio}x`);
      if (!tail) problems.push(`${label} (${where}): p99 ${fixed(result.p99, 1)} ms, over ${goal.p99Ms} ms`);
    }
  } catch (error) {
    problems.push(`OAuth2 rows: ${error.message}`);
    say(`   failed: ${error.message}`);
  } finally {
    await stopProcess(handle);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { ensureTools, loadFor } = await import('./tools.mjs');
  const say = (line = '') => process.stdout.write(`${line}\n`);
  const tools = await ensureTools(say);
  const load = loadFor(tools);
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
  const problems = [];
  say(`load: ${tools.wrk ? `wrk -t1 -c50 -d${seconds}s --latency` : `autocannon -c 50 -d ${seconds}`}, ${warmupSeconds} s warm-up per row; all on 127.0.0.1`);
  await benchOAuth2({ load, say, seconds, warmupSeconds, connections: 50, problems });
  await cleanup();
  for (const problem of problems) say(`!! FAILED: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
