/**
 * Random input against every route of the route policy, through the whole product as `npm start`
 * runs it (gateway, embedded identity service, OAuth2 provider and API), as a signed-in global
 * administrator who owns an organisation, so requests get past the gateway into the API's
 * handlers. Bodies are random JSON (prototype keys among them), paths carry encoded, traversal
 * and odd segments, headers are random and spoofed. Whatever arrives: no 5xx, every 4xx in the
 * error envelope, and a refused request changes nothing in any service's tables.
 *
 * The seed is fixed so a failure replays: fast-check prints the seed and the counterexample's
 * path; rerun with FUZZ_SEED=<seed> (and FUZZ_PATH=<path>) to replay just that case. FUZZ_RUNS
 * and FUZZ_TIME_LIMIT_MS make a longer hunt (1 000 requests take about 25 s on an idle machine).
 */
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_POLICY, type ApiRoutePolicy } from '../../../shared/api-route-policy.js';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/open.js';
import { register } from '../identity/support/flows.js';
import { TestBrowser } from '../identity/support/browser.js';
import { startStack, type Stack } from '../oauth2/support/stack.js';
import { sealAuditEvents } from '../../../server/audit/chain.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** On a loaded machine the run stops early rather than outlast the suite's patience; what ran still counts. */
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 45_000);
const XSRF = 'fuzz-xsrf-token-0123456789';
const SCHEMAS = ['api', 'identity', 'oauth2'];
/**
 * Tables a refused request may still touch, and why: none of them hold what a request asked to store.
 * Sessions record when they were last used; rate-limit counters count refused requests too.
 */
const VOLATILE = /^(identity\.sessions|.*rate_limit.*|.*_locks?|.*\.audit_chain|.*\.audit_inbox)$/;
/**
 * Rows compared for each table with other rows than all: a refusal is itself recorded in the
 * audit trail (counted per actor and minute, sent when the minute is over); any other event of a
 * refused request would still show. The chain's head (above) moves with every event.
 */
const COMPARED_ROWS: Array<[RegExp, string]> = [[/\.audit_events$/, "WHERE t.action NOT LIKE 'refusal.%'"]];
/** Columns that stamp a use (a share link opened for a photo that is not there was still used). */
const USE_STAMPS = /^last_(used|seen)(_at)?$/;

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

interface Attempt {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

let stack: Stack;
let db: Database;
/** Each table with the columns whose content counts. */
let tables: { name: string; columns: string[] }[];
let sessionCookie: string;
const ids: Record<string, string[]> = {};

async function send(attempt: Attempt): Promise<Answer> {
  for (let tries = 0; ; tries++) {
    const response = await request(`${stack.origin}${attempt.path}`, { method: attempt.method as 'GET', headers: attempt.headers, body: attempt.body });
    const body = await response.body.text();
    const contentType = String(response.headers['content-type'] ?? '');
    // Under-pressure's "overloaded" is the machine's load (two cores, other suites), not the input.
    if (response.statusCode === 503 && /overload/i.test(body) && tries < 3) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    return { status: response.statusCode, contentType, body };
  }
}

/**
 * Every row of every table that matters, as one digest per table. Audit events committed are
 * sealed into their chains first (the inbox they wait in is compared through them).
 */
async function fingerprint(): Promise<Record<string, string>> {
  for (const schema of SCHEMAS) await sealAuditEvents(db, schema);
  const sql = tables
    .map(({ name, columns }) => {
      const row = `concat_ws(',', ${columns.map((column) => `t."${column}"::text`).join(', ')})`;
      const where = COMPARED_ROWS.find(([table]) => table.test(name))?.[1] ?? '';
      return `SELECT '${name}' AS name, md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS digest FROM ${name} t ${where}`;
    })
    .join(' UNION ALL ');
  const result = await db.query<{ name: string; digest: string }>(sql);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((name) => before[name] !== after[name]);
}

function signedIn(extra: Record<string, string> = {}): Record<string, string> {
  return { cookie: `${sessionCookie}; XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, origin: stack.origin, accept: 'application/json', ...extra };
}

function isEnvelope(status: number, answer: Answer): boolean {
  if (!answer.contentType.startsWith('application/json')) return false;
  try {
    const parsed = JSON.parse(answer.body) as { error?: Record<string, unknown> };
    const error = parsed.error;
    return !!error && error.code === status && typeof error.status === 'string' && typeof error.reason === 'string' && error.reason.length > 0 && typeof error.message === 'string';
  } catch {
    return false;
  }
}

// ── Generators ────────────────────────────────────────────────────────────

const hostileSegment = fc.constantFrom(
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f..%2fadmin',
  '%252e%252e',
  '%00',
  'a%00b',
  '%2F',
  '%5C..%5C',
  '..;',
  ';jsessionid=1',
  '%C0%AE%C0%AE',
  '%ff',
  '%',
  '%zz',
  '~root',
  '*',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  "1' OR '1'='1",
  '%27%3B--',
  encodeURIComponent('<script>'),
  encodeURIComponent('ä漢字🙂'),
  'x'.repeat(300),
);
const tokenSegment = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
const encodedSegment = fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => encodeURIComponent(s) || 'x');

function paramValue(name: string, deletes: boolean): fc.Arbitrary<string> {
  // Deleting the organisation or project the run works in would leave every later request a 404.
  const real = deletes ? [] : (ids[name] ?? []);
  const choices: fc.Arbitrary<string>[] = [tokenSegment, hostileSegment, encodedSegment];
  if (real.length > 0) choices.push(fc.constantFrom(...real), fc.constantFrom(...real), fc.constantFrom(...real));
  return fc.oneof(...choices);
}

function pathFor(policy: ApiRoutePolicy): fc.Arbitrary<string> {
  const segments = policy.path.split('/');
  const parts = segments.map((part, index) => (part.startsWith(':') ? paramValue(part.slice(1), policy.method === 'DELETE' && index === segments.length - 1) : fc.constant(part)));
  const suffix = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constant('/') },
    { weight: 1, arbitrary: hostileSegment.map((s) => `/${s}`) },
    { weight: 1, arbitrary: fc.constant('/..') },
  );
  return fc.tuple(fc.tuple(...parts), suffix, queryString).map(([segments, tail, query]) => `${segments.join('/')}${tail}${query}`);
}

const queryKey = fc.oneof(
  fc.constantFrom('page', 'page_size', 'per_page', 'limit', 'offset', 'sort', 'order', 'q', 'search', 'name', 'page_token', 'from', 'to', 'email', 'token', 'role', 'state'),
  fc.constantFrom('__proto__', '__proto__[admin]', 'constructor[prototype][admin]', 'prototype', 'a[b][c]', 'a.b'),
  fc.stringMatching(/^[a-z_]{1,10}$/),
);
const queryValue = fc.oneof(
  fc.constantFrom('', '-1', '0', '1', '2', '99999999999999999999', '1e9', 'NaN', 'true', 'null', '[]', '{}', '%00', 'asc', 'desc', '%27'),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);
const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`) },
);

const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
const jsonBody: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  // Plausible field names with wrong, right or missing values.
  {
    weight: 4,
    arbitrary: fc.dictionary(
      fc.constantFrom(
        'name',
        'email',
        'role',
        'description',
        'state',
        'traits',
        'label',
        'floorIds',
        'firstName',
        'lastName',
        'language',
        'settings',
        'address',
        'phone',
        'vat',
        'level',
        'width',
        'height',
        'x',
        'y',
        'scale',
        'client_name',
        'redirect_uris',
        'grant_types',
        'scope',
        'expiresAt',
        'floors',
        'userId',
        'orgId',
        'planId',
        'serial',
        'token',
        'comment',
        'title',
        'order',
        'position',
      ),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 6 },
    ),
  },
  // Prototype keys, nested or at the top (the text is built by hand: an object literal would set the prototype instead).
  {
    weight: 2,
    arbitrary: fc
      .tuple(protoKey, fc.jsonValue({ maxDepth: 2 }))
      .map(([key, value]) => ({ raw: `{"${key}": {"admin": true, "prototype": {"polluted": 1}}, "name": ${JSON.stringify(value)}}` })),
  },
);
const rawBody = fc.oneof(
  jsonBody.map((value) =>
    value && typeof value === 'object' && 'raw' in value && Object.keys(value).length === 1 ? String((value as { raw: string }).raw) : JSON.stringify(value),
  ),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    'null',
    'nul',
    '"\\ud800"',
    '{"a":1}{"b":2}',
    '\u0000',
    '{"a":1e999}',
    `{"a":"${'x'.repeat(5000)}"}`,
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  ),
  fc.string({ maxLength: 60 }),
);

const headerName = fc.oneof(
  fc.constantFrom(
    'x-user-id',
    'x-identity-id',
    'x-identity-assertion',
    'x-sitewave-identity',
    'x-forwarded-for',
    'x-forwarded-host',
    'x-forwarded-proto',
    'x-real-ip',
    'x-request-id',
    'x-device-token',
    'x-session-token',
    'authorization',
    'x-http-method-override',
    'accept-language',
    'accept-encoding',
    'range',
    'if-none-match',
    'x-original-url',
    'x-rewrite-url',
  ),
  fc.stringMatching(/^x-[a-z0-9-]{1,12}$/),
);
const headerValue = fc.oneof(
  fc.constantFrom('', '1', 'admin', 'Bearer x', '127.0.0.1', '../../etc/passwd', 'bytes=0-0', 'bytes=-1', '*', 'DELETE', 'evil.example', 'https', 'gzip, br', 'x'.repeat(2000)),
  fc.stringMatching(/^[\x20-\x7e]{0,40}$/).map((s) => s.trim()),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/merge-patch+json',
  'application/octet-stream',
  '',
);
const method = (policy: ApiRoutePolicy) =>
  fc.oneof({ weight: 8, arbitrary: fc.constant(policy.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') });

function attemptFor(policy: ApiRoutePolicy): fc.Arbitrary<Attempt> {
  return fc
    .record({
      method: method(policy),
      path: pathFor(policy),
      // Most requests are signed in, so they get past the gateway into the API's handlers.
      anonymous: fc.nat(9).map((n) => n === 0),
      headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 4 }),
      contentType,
      body: fc.option(rawBody, { freq: 4, nil: undefined }),
    })
    .map((drawn) => {
      const headers: Record<string, string> = drawn.anonymous ? { accept: 'application/json', origin: stack.origin } : signedIn();
      for (const [name, value] of drawn.headers) headers[name] = value;
      const hasBody = drawn.body !== undefined && drawn.method !== 'GET' && drawn.method !== 'OPTIONS';
      if (hasBody && drawn.contentType) headers['content-type'] = drawn.contentType;
      return { method: drawn.method, path: drawn.path, headers, body: hasBody ? drawn.body : undefined };
    });
}

const anyAttempt = fc.constantFrom(...API_ROUTE_POLICY).chain(attemptFor);

describe('random input through the whole product', () => {
  beforeAll(async () => {
    stack = await startStack();
    const browser = new TestBrowser(`${stack.origin}/.ory`);
    const email = `fuzz-${Date.now()}@example.com`;
    const registered = await register(browser, email);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    sessionCookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

    // The first user the API meets is its global administrator; give them an organisation with a survey in it.
    const json = async (method: string, path: string, body?: unknown) => {
      const answer = await send({
        method,
        path,
        headers: signedIn(body === undefined ? {} : { 'content-type': 'application/json' }),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(answer.status, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
      return JSON.parse(answer.body);
    };
    await json('GET', '/api/permissions');
    const org = await json('POST', '/api/admin/orgs', { name: 'Fuzz Org' });
    const orgId = String(org.id);
    const project = await json('POST', `/api/orgs/${orgId}/projects`, { name: 'Fuzz site' });
    const floor = await json('POST', `/api/projects/${project.id}/floors`, { name: 'Ground', level: 0 });
    ids.orgId = [orgId];
    ids.projectId = [String(project.id)];
    ids.floorId = [String(floor.id)];
    const contact = await json('POST', `/api/projects/${project.id}/contacts`, { name: 'Grace' });
    ids.contactId = [String(contact.id)];
    const share = await json('POST', `/api/projects/${project.id}/shares`, { label: 'Fuzz', floorIds: [floor.id] });
    ids.shareId = [String(share.id)];
    if (share.token) ids.shareToken = [String(share.token)];
    // The caller's own id is left out: a random body could end their sessions or take their role, and the rest of the run would be 401s.

    db = await openDatabase({ dataDir: stack.config.dataDir, name: 'api' });
    const found = await db.query<{ name: string; columns: string[] }>(
      `SELECT c.table_schema || '.' || c.table_name AS name, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
         FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE t.table_type = 'BASE TABLE' AND c.table_schema = ANY($1) GROUP BY 1 ORDER BY 1`,
      [SCHEMAS],
    );
    tables = found.rows.filter((table) => !VOLATILE.test(table.name)).map((table) => ({ name: table.name, columns: table.columns.filter((column) => !USE_STAMPS.test(column)) }));
    expect(tables.length).toBeGreaterThan(10);
  });

  afterAll(async () => {
    await db?.close();
    await stack?.close();
  });

  it('answers every route without a 5xx, refuses in the error envelope, and stores nothing it refused', async () => {
    const stored: string[] = [];
    const statuses: Record<number, number> = {};
    let before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(anyAttempt, async (attempt) => {
        const answer = await send(attempt);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        const what = `${attempt.method} ${attempt.path} → ${answer.status} ${answer.body.slice(0, 300)}`;
        expect(answer.status, what).toBeLessThan(500);
        if (answer.status >= 400) expect(isEnvelope(answer.status, answer), `not in the error envelope: ${what}`).toBe(true);
        const after = await fingerprint();
        const changed = changedTables(before, after);
        if (answer.status >= 300) expect(changed, `a refused request changed stored data: ${what}`).toEqual([]);
        else if (changed.length > 0) stored.push(`${attempt.method} ${attempt.path} (${changed.join(', ')})`);
        before = after;
      }),
      { seed: SEED, numRuns: RUNS, path: process.env.FUZZ_PATH, endOnFailure: true, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
    );
    // Random input that a route accepted may store what it says; it must be a well-formed request.
    const sent = Object.values(statuses).reduce((sum, n) => sum + n, 0);
    expect(sent).toBeGreaterThan(50);
    console.info(`fuzz: ${sent} of ${RUNS} requests (seed ${SEED}), answers ${JSON.stringify(statuses)}; accepted and stored: ${stored.length ? stored.join('; ') : 'none'}`);
    const health = await send({ method: 'GET', path: '/bff/health', headers: {} });
    expect(health.status).toBe(200);
  }, 180_000);
});
