/**
 * The relationships kept in memory answer every check a check of the database would, and stay
 * in step with the table whoever writes it: the service's own writes at once, another handle
 * (another instance, a script, the API's triggers) once heard, a transaction that began before
 * and commits after another, a TRUNCATE, writes made while the index loads, and changes trimmed
 * before an idle index read them. Past its size bound it keeps nothing and checks read the
 * database.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../server/db/database.js';
import { cacheUntilSchemaChanges } from '../../../server/db/until-next-write.js';
import { checkTuple } from '../../../server/permissions/engine/check.js';
import { readNamespaces, type Namespaces } from '../../../server/permissions/namespaces.js';
import { KeptRows } from '../../../server/permissions/store/kept-rows.js';
import { CHANGES_KEPT_MS, trimRelationChanges } from '../../../server/permissions/store/change-trimming.js';
import { TupleIndex, changesStatement } from '../../../server/permissions/store/tuple-index.js';
import { TupleStore, type HopSource } from '../../../server/permissions/store/tuple-store.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { tuple, tupleStore } from './support.js';

const MODEL = `
class User implements Namespace {}
class Group implements Namespace {
  related: { members: (User | SubjectSet<Group, "members">)[] }
}
class Doc implements Namespace {
  related: { viewers: (User | SubjectSet<Group, "members">)[] }
  permits = { view: (ctx: Context): boolean => this.related.viewers.includes(ctx.subject) }
}`;
const SETTINGS = { maxReadDepth: 5, maxReadWidth: 100, strictMode: false };
const BY = { actor: { type: 'system', name: 'index test' } } as const;
/** On PostgreSQL another handle's change is heard a moment after its commit. */
const HEARD_WITHIN_MS = 2_000;
const COLUMNS = 'namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation';

/** `count` documents, each viewed by its own group, which holds one user: more rows than a page of the load. */
async function storeMany(db: Database, count: number): Promise<void> {
  const columns: string[][] = Array.from({ length: 7 }, () => []);
  const add = (...values: string[]) => values.forEach((value, i) => columns[i]!.push(value));
  for (let n = 0; n < count; n++) {
    add('Doc', `doc-${n}`, 'viewers', '', 'Group', `group-${n}`, 'members');
    add('Group', `group-${n}`, 'members', `user-${n}`, '', '', '');
  }
  await db.query(`INSERT INTO relation_tuples (${COLUMNS}) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`, columns);
}

describe.each(backendsFor('index'))('the relationships kept in memory on %s', (name, makeBackend) => {
  const immediate = name === 'PGlite';
  let backend: Backend;
  let raw: Database;
  let other: Database;
  let store: TupleStore;
  let answers: Awaited<ReturnType<typeof cacheUntilSchemaChanges>>['answers'];
  let stopHearing: () => Promise<void>;
  let namespaces: Namespaces;
  let index: TupleIndex | undefined;
  /** What the index asked of the database besides its own reads: nothing while it answers from memory. */
  let fallbackReads = 0;
  let fallback: HopSource;
  let indexStatements = 0;
  let counted: Queryable;
  /** The handle the service writes with: its writes are signalled at once. */
  let watched: Database;

  beforeAll(async () => {
    backend = makeBackend();
    raw = await backend.open();
    await tupleStore(raw);
    const heard = await cacheUntilSchemaChanges(raw);
    stopHearing = heard.close;
    answers = heard.answers;
    watched = heard.db;
    store = new TupleStore(watched);
    const kept = new KeptRows(store, answers);
    fallback = {
      hops: (...args) => ((fallbackReads += 1), kept.hops(...args)),
      hopsOfObjects: (...args) => ((fallbackReads += 1), kept.hopsOfObjects(...args)),
    };
    counted = { query: (sql, params) => ((indexStatements += 1), raw.query(sql, params)), exec: (sql) => raw.exec(sql) };
    other = await backend.open();
    namespaces = readNamespaces([{ opl: MODEL }]).namespaces;
  });
  beforeEach(async () => {
    await watched.exec('DELETE FROM relation_tuples');
    fallbackReads = 0;
  });
  afterEach(() => index?.stop());
  afterAll(async () => {
    await stopHearing();
    await other?.close();
    await raw?.close();
    await backend?.cleanup();
  });

  const start = async (options: ConstructorParameters<typeof TupleIndex>[3] = {}) => {
    index = new TupleIndex(counted, answers, fallback, options);
    await index.start();
    return index;
  };
  /** The index's answer and the database's, which must agree. */
  const allowed = async (text: string) => {
    const fromIndex = await checkTuple(index!, namespaces, SETTINGS, tuple(text));
    const fromStore = await checkTuple(store, namespaces, SETTINGS, tuple(text));
    expect(fromIndex, text).toEqual(fromStore);
    return fromIndex.membership === 'member';
  };
  const eventually = async (text: string, expected: boolean) => {
    if (immediate) expect(await allowed(text), text).toBe(expected);
    else await expect.poll(() => allowed(text), { timeout: HEARD_WITHIN_MS, interval: 20 }).toBe(expected);
  };
  const write = (...tuples: string[]) => store.write(tuples.map(tuple), [], BY);
  const remove = (...tuples: string[]) => store.write([], tuples.map(tuple), BY);

  it('loads what is stored, page after page, and answers a check never asked before without a statement', async () => {
    await storeMany(raw, 6_000);
    await start();
    await expect.poll(() => index!.inMemory, { timeout: HEARD_WITHIN_MS }).toBe(true);
    indexStatements = 0;
    for (const n of [0, 2_999, 5_999]) {
      expect(await checkTuple(index!, namespaces, SETTINGS, tuple(`Doc:doc-${n}#view@user-${n}`))).toMatchObject({ membership: 'member' });
      expect(await checkTuple(index!, namespaces, SETTINGS, tuple(`Doc:doc-${n}#view@user-${n + 1}`))).toMatchObject({ membership: 'not-member' });
    }
    expect({ indexStatements, fallbackReads }).toEqual({ indexStatements: 0, fallbackReads: 0 });
  });

  it("applies the service's own writes and deletes before the next check", async () => {
    await start();
    await write('Doc:d#viewers@Group:g#members');
    expect(await allowed('Doc:d#view@alice')).toBe(false);
    await write('Group:g#members@alice');
    expect(await allowed('Doc:d#view@alice')).toBe(true);
    await remove('Group:g#members@alice');
    expect(await allowed('Doc:d#view@alice')).toBe(false);
    expect(fallbackReads).toBe(0);
  });

  it("keeps only the namespaces it is given: another namespace's hops read the database, and its changes are not kept", async () => {
    await write('Doc:d#viewers@alice', 'Group:g#members@bob');
    await start({ namespaces: ['Doc'] });
    expect(await allowed('Doc:d#view@alice')).toBe(true);
    expect(fallbackReads).toBe(0);
    await write('Doc:d#viewers@Group:g#members');
    // Doc's hop comes from memory, the group's from the database.
    expect(await allowed('Doc:d#view@bob')).toBe(true);
    expect(fallbackReads).toBeGreaterThan(0);
    expect(await index!.view((view) => view.subjectSets('Doc', 'd', 'viewers'))).toEqual([{ namespace: 'Group', object: 'g', relation: 'members' }]);
    await expect(index!.view((view) => view.holds('Group', 'g', 'members', { id: 'bob' }))).rejects.toThrow('not kept in memory');
  });

  it('applies what another handle writes, deletes and changes, once heard', async () => {
    await start();
    await other.query(`INSERT INTO relation_tuples (${COLUMNS}) VALUES ('Doc', 'd', 'viewers', 'bob', '', '', '')`);
    await eventually('Doc:d#view@bob', true);
    // An UPDATE is a tuple removed and another added.
    await other.query(`UPDATE relation_tuples SET subject_id = 'carol' WHERE object = 'd' AND subject_id = 'bob'`);
    await eventually('Doc:d#view@carol', true);
    expect(await allowed('Doc:d#view@bob')).toBe(false);
    await other.query(`DELETE FROM relation_tuples WHERE object = 'd'`);
    await eventually('Doc:d#view@carol', false);
  });

  it('reads the database while changes are not heard, and from memory again once they are, with what changed meanwhile', async () => {
    await start();
    answers.keep(false);
    try {
      await other.query(`INSERT INTO relation_tuples (${COLUMNS}) VALUES ('Doc', 'd', 'viewers', 'nina', '', '', '')`);
      expect(await allowed('Doc:d#view@nina')).toBe(true);
      expect(index!.inMemory).toBe(false);
      expect(fallbackReads).toBeGreaterThan(0);
    } finally {
      answers.keep(true);
    }
    fallbackReads = 0;
    expect(await allowed('Doc:d#view@nina')).toBe(true);
    expect(index!.inMemory).toBe(true);
    expect(fallbackReads).toBe(0);
  });

  it('applies a TRUNCATE by loading the table again', async () => {
    await write('Doc:d#viewers@dave');
    await start();
    expect(await allowed('Doc:d#view@dave')).toBe(true);
    await other.query('TRUNCATE relation_tuples');
    await eventually('Doc:d#view@dave', false);
    await write('Doc:d#viewers@erin');
    await expect.poll(() => allowed('Doc:d#view@erin'), { timeout: HEARD_WITHIN_MS, interval: 20 }).toBe(true);
  });

  it('keeps what is written while it loads', async () => {
    await storeMany(raw, 6_000);
    const loading = start();
    await write('Doc:during#viewers@frank');
    await other.query(`DELETE FROM relation_tuples WHERE object IN ('group-5999', 'doc-0')`);
    await loading;
    await eventually('Doc:during#view@frank', true);
    await eventually('Doc:doc-5999#view@user-5999', false);
    await eventually('Doc:doc-0#view@user-0', false);
    expect(await allowed('Doc:doc-1#view@user-1')).toBe(true);
  });

  it('loads the table again when changes it had not read were trimmed', async () => {
    await start();
    // A change the index never reads (no change row, as if trimmed), with the trim noted past the index's place.
    await other.transaction(async (tx) => {
      await tx.query("SET LOCAL session_replication_role = 'replica'");
      await tx.query(`INSERT INTO relation_tuples (${COLUMNS}) VALUES ('Doc', 'd', 'viewers', 'grace', '', '', '')`);
      await tx.query('UPDATE relation_tuple_changes_trimmed SET trimmed_through = pg_current_xact_id()');
    });
    await write('Doc:d#viewers@heidi');
    // The next change read finds the trim past its place: the table is loaded again, and what was missed is there.
    await expect.poll(() => index!.inMemory && allowed('Doc:d#view@grace'), { timeout: HEARD_WITHIN_MS, interval: 20 }).toBe(true);
    expect(await allowed('Doc:d#view@heidi')).toBe(true);
  });

  it('trims changes older than they are kept, and only those, and an index that had read them keeps its place', async () => {
    await start();
    await write('Doc:old#viewers@ivan');
    await write('Doc:new#viewers@judy');
    expect(await allowed('Doc:new#view@judy')).toBe(true);
    await raw.query(`UPDATE relation_tuple_changes SET at = now() - make_interval(secs => $1) WHERE object = 'old'`, [(CHANGES_KEPT_MS + 60_000) / 1000]);
    expect(await trimRelationChanges(raw)).toBe(1);
    const left = await raw.query<{ object: string }>(`SELECT DISTINCT object FROM relation_tuple_changes WHERE object IN ('old', 'new') ORDER BY object`);
    expect(left.rows.map((row) => row.object)).toEqual(['new']);
    await write('Doc:later#viewers@ken');
    expect(await allowed('Doc:later#view@ken')).toBe(true);
    expect(await allowed('Doc:old#view@ivan')).toBe(true);
    expect(fallbackReads).toBe(0);
  });

  // Every check after a change runs this read: it must not grow with the hour of changes kept.
  it('reads only the changes past its place, however many are kept, in the plan a prepared statement ends up with too', async () => {
    await storeMany(raw, 2_000);
    const { xmin } = (await raw.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin')).rows[0]!;
    await write('Doc:fresh#viewers@liam');
    const json = await raw.transaction(async (tx) => {
      // A prepared statement's generic plan: one for any place, chosen without knowing it.
      await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.exec(`PREPARE changes_read (xid8) AS ${changesStatement({ changes: 'relation_tuple_changes', trimmed: 'relation_tuple_changes_trimmed' }, false)}`);
      try {
        return (await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE changes_read('${xmin}')`)).rows[0]!['QUERY PLAN'];
      } finally {
        await tx.exec('DEALLOCATE changes_read');
      }
    });
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
    const [{ Plan }] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
    const reads = (node: PlanNode): PlanNode[] => [...(node['Relation Name'] === 'relation_tuple_changes' ? [node] : []), ...(node.Plans ?? []).flatMap(reads)];
    const read = reads(Plan);
    expect(read.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    // The one change written since, not the 4 000 before it.
    expect(read.reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0), 0)).toBe(1);
  });

  it('keeps nothing past its bound: checks read the database, and answer the same', async () => {
    await storeMany(raw, 10);
    await start({ mostTuples: 15 });
    expect(index!.inMemory).toBe(false);
    expect(await allowed('Doc:doc-3#view@user-3')).toBe(true);
    expect(fallbackReads).toBeGreaterThan(0);
  });

  it.runIf(!immediate)('does not miss a transaction that began first and commits after a later one', async () => {
    await start();
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const first = other.transaction(async (tx) => {
      await tx.query(`INSERT INTO relation_tuples (${COLUMNS}) VALUES ('Doc', 'd', 'viewers', 'liam', '', '', '')`);
      inserted();
      await held;
    });
    await written;
    // A later transaction commits first; the index reads past it while the first is still open.
    await write('Doc:d#viewers@mia');
    expect(await allowed('Doc:d#view@mia')).toBe(true);
    expect(await allowed('Doc:d#view@liam')).toBe(false);
    commit();
    await first;
    await eventually('Doc:d#view@liam', true);
  });
});
