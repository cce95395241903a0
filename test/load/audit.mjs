/**
 * The audit trail's cost and speed, in-process on dist/ (PostgreSQL and PGlite):
 *
 * - what recording adds to a write request: the p50 of creating a project, of changing a
 *   member's role and of renaming a project (a lone write), through the API (app.inject, a signed assertion), without recording (before)
 *   and with it (after); target ≤ 5 % more; beside it this process's CPU per write (the API's,
 *   PGlite's when it is the database, and the sealer's share; not PostgreSQL's own), and the
 *   bench's own noise: a second instance without recording measured against the first (control);
 * - a filtered page (50 events, by actor and by target) out of 1 000 000 events: target < 50 ms
 *   on PostgreSQL, < 150 ms on PGlite;
 * - the export of 100 000 events as JSON lines: target ≥ 20 000 events/s, memory flat (the heap's
 *   growth over the export is reported; it must not grow with the number of events).
 *
 * Environment: BENCH_AUDIT_EVENTS (default 1 000 000), BENCH_AUDIT_RUNS (write requests per row,
 * default 300).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchApiDatabase } from './postgres.mjs';
import { fixed, formatTable } from './table.mjs';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 300);
const EXPORTED = 100_000;
const TARGETS = { postgres: 50, pglite: 150 };
const EXPORT_TARGET = 20_000;
const OVERHEAD_TARGET = 0.05;
/** The two writes, and a lone write (a rename: one statement, which recording sends with its event). */
const WRITES = [
  ['create project', 'create'],
  ['change a role', 'role'],
  ['rename a project', 'rename'],
];
const KINDS = WRITES.map(([, kind]) => kind);

const dist = (file) => new URL(`../../dist/server/${file}`, import.meta.url).href;

function percentile(times, q) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A write row's cells: the p50s before and after, what recording added against the target, and the control (noise). */
export function overheadCells(backend, what, before, after, control) {
  const overhead = after / before - 1;
  return [
    backend,
    what,
    fixed(before, 2),
    fixed(after, 2),
    `${fixed(overhead * 100, 1)} %`,
    overhead <= OVERHEAD_TARGET ? 'yes' : 'no',
    `${fixed(control, 2)} (${fixed((control / before - 1) * 100, 1)} %)`,
  ];
}

/** An API instance over `db`, recording or not, with an organisation of an owner and a member. */
async function writer(db, recorded, label) {
  const { buildApi } = await import(dist('api/app.js'));
  const { signIdentityAssertion, assertionKey, ASSERTION_HEADER } = await import(new URL('../../dist/shared/identity-assertion.js', import.meta.url).href);
  const secret = randomBytes(32).toString('base64url');
  const app = await buildApi({
    db,
    blobs: { delete: async () => undefined },
    assertionSecret: secret,
    identityAdminUrl: 'http://127.0.0.1:9',
    identityAdminToken: 'unused-in-this-bench',
    publicUrl: 'http://bench.test',
    logLevel: 'silent',
    unrecordedForMeasurement: !recorded,
  });
  await app.ready();
  const owner = randomUUID();
  const member = randomUUID();
  const org = randomUUID();
  await db.query(`INSERT INTO users (identity_id, email, first_name) VALUES ($1, $3, 'Owner'), ($2, $4, 'Member')`, [
    owner,
    member,
    `owner-${label}@bench.test`,
    `member-${label}@bench.test`,
  ]);
  await db.query(`INSERT INTO orgs (id, name) VALUES ($1, $2)`, [org, `Bench ${label}`]);
  await db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'member')`, [org, owner, member]);
  const headers = { [ASSERTION_HEADER]: await signIdentityAssertion(assertionKey(secret), { sub: owner, sid: randomUUID(), aal: 'aal1' }, Math.floor(Date.now() / 1000)) };
  let n = 0;
  // A counter of its own: every role change changes the role (one that does not writes nothing).
  let changes = 0;
  const renamed = (await app.inject({ method: 'POST', url: `/api/orgs/${org}/projects`, headers, payload: { name: 'Renamed' } })).json().id;
  return {
    async create() {
      const res = await app.inject({ method: 'POST', url: `/api/orgs/${org}/projects`, headers, payload: { name: `P ${n++}` } });
      if (res.statusCode !== 201) throw new Error(`create project answered ${res.statusCode}: ${res.body}`);
    },
    async rename() {
      const res = await app.inject({ method: 'PUT', url: `/api/projects/${renamed}`, headers, payload: { name: `Renamed ${n++}` } });
      if (res.statusCode !== 200) throw new Error(`rename answered ${res.statusCode}: ${res.body}`);
    },
    async role() {
      const res = await app.inject({ method: 'PUT', url: `/api/orgs/${org}/users/${member}`, headers, payload: { role: changes++ % 2 ? 'viewer' : 'member' } });
      if (res.statusCode !== 200) throw new Error(`role change answered ${res.statusCode}: ${res.body}`);
    },
    close: () => app.close(),
  };
}

/**
 * The p50 of each write without recording, with it, and without it on a second instance (the
 * control, which shows how far two identical rows differ here). The instances take turns request
 * by request, in an order that rotates, so that a busy moment of the machine, a collection or a
 * sealing weighs on all alike: in rounds of ten per instance the control differed by up to 11 %,
 * request by request by 2 %.
 */
async function writeP50s(db) {
  const writers = { before: await writer(db, false, 'before'), after: await writer(db, true, 'after'), control: await writer(db, false, 'control') };
  const names = Object.keys(writers);
  try {
    const times = Object.fromEntries(names.map((name) => [name, Object.fromEntries(KINDS.map((kind) => [kind, []]))]));
    // This process's CPU per write (the API's, and PGlite's when it is the database): it counts
    // the sealer's share too, which the turns spread over all three rows' times.
    const cpu = Object.fromEntries(names.map((name) => [name, Object.fromEntries(KINDS.map((kind) => [kind, 0]))]));
    for (const w of Object.values(writers)) {
      for (let i = 0; i < 5; i++) {
        for (const kind of KINDS) await w[kind]();
      }
    }
    for (let round = 0; round < RUNS; round++) {
      for (const kind of KINDS) {
        for (let turn = 0; turn < names.length; turn++) {
          const name = names[(round + turn) % names.length];
          const cpuAtStart = process.cpuUsage();
          const start = performance.now();
          await writers[name][kind]();
          times[name][kind].push(performance.now() - start);
          const used = process.cpuUsage(cpuAtStart);
          cpu[name][kind] += used.user + used.system;
        }
      }
    }
    const p = (list) => percentile(list, 0.5);
    const perWrite = (name, kind) => cpu[name][kind] / times[name][kind].length / 1000;
    const row = (name) => ({
      ...Object.fromEntries(KINDS.map((kind) => [kind, p(times[name][kind])])),
      cpu: Object.fromEntries(KINDS.map((kind) => [kind, perWrite(name, kind)])),
    });
    return Object.fromEntries(names.map((name) => [name, row(name)]));
  } finally {
    for (const w of Object.values(writers)) await w.close();
  }
}

/**
 * What recording costs after the request: a write pays for its event's insert into the inbox;
 * sealing it into the chain (hash, indexes, the head) happens within moments, in batches.
 */
async function sealingCost(db) {
  const { appendAuditEvent, sealAuditEvents } = await import(dist('audit/chain.js'));
  const count = 2_000;
  await sealAuditEvents(db);
  for (let i = 0; i < count; i++) {
    await db.transaction((tx) =>
      appendAuditEvent(tx, { actor: { type: 'identity', id: randomUUID(), name: 'owner@bench.test' }, action: 'project.changed', details: { fields: ['name'] } }),
    );
  }
  const start = performance.now();
  const sealed = await sealAuditEvents(db);
  const ms = performance.now() - start;
  // What a busy process's sealer does every 25 ms: a batch of a few appends.
  const batches = [];
  for (let round = 0; round < 100; round++) {
    for (let i = 0; i < 20; i++) {
      await db.transaction((tx) =>
        appendAuditEvent(tx, { actor: { type: 'identity', id: randomUUID(), name: 'owner@bench.test' }, action: 'project.changed', details: { fields: ['name'] } }),
      );
    }
    const at = performance.now();
    await sealAuditEvents(db);
    batches.push(performance.now() - at);
  }
  return `sealing ${sealed.length.toLocaleString('en')} events into the chain at once: ${fixed(ms, 0)} ms, ${fixed((ms * 1000) / sealed.length, 0)} µs an event; a batch of 20, p50 of 100: ${fixed(percentile(batches, 0.5), 2)} ms`;
}

/** The p50 of `runs` calls of `work` after a few unmeasured ones. */
async function p50(runs, work) {
  for (let i = 0; i < 5; i++) await work(-1 - i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  return percentile(times, 0.5);
}

/** Fills the trail with `count` events straight in SQL (the chain's hashes are not what is measured). */
async function fill(db, count, actors, targets) {
  const batch = 100_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await db.query(
      `INSERT INTO audit_events (seq, at, actor_type, actor_id, actor_name, actor_address, action, action_group, target_type, target_id, target_name, org_id, outcome, request_id, details, hash)
       SELECT $1::bigint + g, now() - make_interval(secs => ($1::bigint + $2::bigint - g)), 'identity', ($3::text[])[1 + g % array_length($3::text[], 1)], 'bench', '203.0.113.1',
              'project.changed', 'project', 'project', ($4::text[])[1 + g % array_length($4::text[], 1)], 'Tower', NULL, 'success', 'req', '{"fields":["name"]}', md5(g::text) || md5(g::text)
       FROM generate_series(1, $2::bigint) AS g`,
      [done, n, actors, targets],
    );
  }
  await db.query('UPDATE audit_chain SET head_seq = $1 WHERE one', [count]);
  await db.exec('ANALYZE audit_events');
}

export async function benchAudit({ say, problems }) {
  say();
  say(
    `== audit trail (dist/, in-process: write p50 over ${RUNS} requests, a page of 50 of ${EVENTS.toLocaleString('en')} events, an export of ${EXPORTED.toLocaleString('en')}) ==`,
  );
  const { migrate } = await import(dist('db/migrate.js'));
  const { apiMigrations } = await import(dist('api/migrations.js'));
  const { listAuditEvents, exportAuditEvents } = await import(dist('api/audit/routes.js'));
  const writeRows = [];
  const readRows = [];
  for (const backend of ['postgres', 'pglite']) {
    const opened = await benchApiDatabase(backend, say, 'audit');
    if (!opened) continue;
    try {
      const { db } = opened;
      await migrate(db, { schema: db.schema, migrations: apiMigrations });
      const { before, after, control } = await writeP50s(db);
      say(`   ${backend}: ${await sealingCost(db)}`);
      for (const [what, kind] of WRITES) {
        const cpuAdded = after.cpu[kind] - before.cpu[kind];
        writeRows.push([
          ...overheadCells(backend, what, before[kind], after[kind], control[kind]),
          `${fixed(before.cpu[kind], 3)} → ${fixed(after.cpu[kind], 3)} (${cpuAdded >= 0 ? '+' : '−'}${fixed(Math.abs(cpuAdded) * 1000, 0)} µs)`,
        ]);
      }

      const actors = Array.from({ length: 1_000 }, () => randomUUID());
      const targets = Array.from({ length: 10_000 }, () => randomUUID());
      await db.exec(`ALTER TABLE audit_events DISABLE TRIGGER USER`);
      await db.query('DELETE FROM audit_events');
      await db.exec(`ALTER TABLE audit_events ENABLE TRIGGER USER`);
      const filling = performance.now();
      await fill(db, EVENTS, actors, targets);
      say(`   ${backend}: ${EVENTS.toLocaleString('en')} events written in ${fixed((performance.now() - filling) / 1000, 1)} s`);
      if (backend === 'pglite') await db.exec('SELECT pg_sleep(0.5)');
      let k = 0;
      const byActor = await p50(50, () => listAuditEvents(db, { actor: actors[k++ % actors.length], limit: 50 }, null));
      const byTarget = await p50(50, () => listAuditEvents(db, { target: targets[k++ % targets.length], limit: 50 }, null));
      const byGroupPage2 = await p50(20, async () => {
        const first = await listAuditEvents(db, { group: 'project', limit: 50 }, null);
        return listAuditEvents(db, { group: 'project', limit: 50, cursor: Number(first.next) }, null);
      });
      for (const [what, ms] of [
        ['page by actor', byActor],
        ['page by target', byTarget],
        ['two pages by group', byGroupPage2],
      ]) {
        readRows.push([backend, what, fixed(ms, 2), `< ${TARGETS[backend]}`, ms < TARGETS[backend] ? 'yes' : 'no']);
      }

      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let peak = heapBefore;
      let events = 0;
      const start = performance.now();
      for await (const chunk of exportAuditEvents(db, { from: new Date(0).toISOString() }, null, 'jsonl')) {
        for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) events += 1;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        if (events >= EXPORTED) break;
      }
      const perSecond = events / ((performance.now() - start) / 1000);
      readRows.push([
        backend,
        `export ${events.toLocaleString('en')} (JSON lines)`,
        `${Math.round(perSecond).toLocaleString('en')} /s`,
        `≥ ${EXPORT_TARGET.toLocaleString('en')} /s`,
        perSecond >= EXPORT_TARGET ? 'yes' : 'no',
      ]);
      readRows.push([backend, 'export: heap growth', `${fixed((peak - heapBefore) / 1024 / 1024, 1)} MiB`, 'flat', '-']);
    } catch (error) {
      problems.push(`audit trail on ${backend}: ${error.message}`);
    } finally {
      await opened.close();
    }
  }
  say("   the API's own handling alone: the ≤ 5 % row is judged on a write request as a browser sends it, through the product (audit-product.mjs)");
  say(
    formatTable(
      ['database', 'write request', 'p50 before (ms)', 'p50 after (ms)', 'added', '≤ 5 % of this alone', 'control: before again (noise)', "this process's CPU per write, ms"],
      writeRows,
    ),
  );
  say(formatTable(['database', 'read', 'measured', 'target', 'met'], readRows));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [];
  await benchAudit({ say: (line = '') => process.stdout.write(`${line}\n`), problems });
  for (const problem of problems) process.stdout.write(`!! FAILED: ${problem}\n`);
  process.exitCode = problems.length ? 1 : 0;
}
