/**
 * The check and expand engines on both databases: nested groups, traversal, `!` and `&&`, the
 * depth and width limits (unknown, not "no", when a limit cut the search short), cycles of
 * groups and of rules, strict mode, and the empty-relation subject set `User:alice#`, which is
 * not the subject `alice`. Every check is asked twice, of the store and of the rows kept between
 * checks (kept-rows.ts), with the same outcome and path.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { checkTuple, type EngineSettings } from '../../../server/permissions/engine/check.js';
import { expandSubjectSet, type ExpandTree } from '../../../server/permissions/engine/expand.js';
import { listObjects } from '../../../server/permissions/engine/list-objects.js';
import type { Outcome } from '../../../server/permissions/engine/outcome.js';
import { readNamespaces, type Namespaces } from '../../../server/permissions/namespaces.js';
import { TupleStore as TupleStoreClass, type TupleStore } from '../../../server/permissions/store/tuple-store.js';
import { KeptRows, LONGEST_KEPT } from '../../../server/permissions/store/kept-rows.js';
import { TupleIndex } from '../../../server/permissions/store/tuple-index.js';
import { cacheUntilSchemaChanges, UntilNextWrite } from '../../../server/db/until-next-write.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { subject, subjectSet, tuple, tupleStore } from './support.js';

const MODEL = `
class User implements Namespace {}

class Group implements Namespace {
  related: { members: (User | SubjectSet<Group, "members">)[] }
}

class Folder implements Namespace {
  related: {
    parents: Folder[]
    viewers: (User | SubjectSet<Group, "members">)[]
    owners: User[]
  }
  permits = {
    view: (ctx: Context): boolean =>
      this.related.viewers.includes(ctx.subject) || this.permits.edit(ctx) || this.related.parents.traverse((p) => p.permits.view(ctx)),
    edit: (ctx: Context): boolean => this.related.owners.includes(ctx.subject),
  }
}

class Doc implements Namespace {
  related: {
    parents: Folder[]
    viewers: (User | SubjectSet<Group, "members">)[]
    banned: (User | SubjectSet<Group, "members">)[]
    reviewers: User[]
    approvers: User[]
  }
  permits = {
    view: (ctx: Context): boolean =>
      (this.related.viewers.includes(ctx.subject) || this.related.parents.traverse((p) => p.permits.view(ctx))) && !this.related.banned.includes(ctx.subject),
    approve: (ctx: Context): boolean => this.related.reviewers.includes(ctx.subject) && this.related.approvers.includes(ctx.subject),
  }
}

class Loop implements Namespace {
  related: { holders: User[] }
  permits = {
    a: (ctx: Context): boolean => this.permits.b(ctx) || this.related.holders.includes(ctx.subject),
    b: (ctx: Context): boolean => this.permits.a(ctx),
    c: (ctx: Context): boolean => this.permits.c(ctx) && this.related.holders.includes(ctx.subject),
  }
}
`;

/** A store whose statements are counted: what a check costs in round trips. */
function countingStore(db: Database): { store: TupleStore; statements: number } {
  const counted = { statements: 0, store: undefined as unknown as TupleStore };
  const counting: Database = {
    ...db,
    kind: db.kind,
    schema: db.schema,
    ownedSince: db.ownedSince,
    query: (sql, params) => {
      counted.statements += 1;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
  counted.store = new TupleStoreClass(counting);
  return counted;
}

const DEFAULTS: EngineSettings = { maxReadDepth: 5, maxReadWidth: 100, strictMode: false };
const MEMBER = { membership: 'member' };
const NOT_MEMBER = { membership: 'not-member' };
const TOO_DEEP = { membership: 'unknown', limitation: 'max_depth_exceeded' };
const TOO_WIDE = { membership: 'unknown', limitation: 'max_width_exceeded' };

describe.each(backendsFor('permission'))('the permission engines on %s', (_name, makeBackend) => {
  let backend: Backend;
  let db: Database;
  let store: TupleStore;
  let kept: KeptRows;
  let index: TupleIndex;
  let stopHearing: () => Promise<void>;
  let namespaces: Namespaces;

  // One database for the file, emptied before each test: opening PGlite is the slow part.
  beforeAll(async () => {
    backend = makeBackend();
    db = await backend.open();
    await tupleStore(db);
    const raw = db;
    // Writes through the watched handle end what is kept at once, on PostgreSQL too.
    const heard = await cacheUntilSchemaChanges(db);
    stopHearing = heard.close;
    db = heard.db;
    store = new TupleStoreClass(db);
    kept = new KeptRows(store, heard.answers);
    index = new TupleIndex(raw, heard.answers, kept);
    await index.start();
    // Memory answers once it also hears changes: on PostgreSQL a connection of its own, which a
    // busy machine opens after the load has finished.
    await vi.waitFor(() => expect(index.inMemory, 'the index hears changes').toBe(true), { timeout: 15_000, interval: 20 });
    const read = readNamespaces([{ opl: MODEL }, { name: 'Team' }, { name: 'Plain' }]);
    expect(read.problems).toEqual([]);
    namespaces = read.namespaces;
  });
  beforeEach(() => db.exec('DELETE FROM relation_tuples'));
  afterAll(async () => {
    index.stop();
    await stopHearing();
    await db.close();
    await backend.cleanup();
  });

  const BY = { actor: { type: 'system', name: 'engine test' } } as const;
  const write = (...tuples: string[]) => store.write(tuples.map(tuple), [], BY);
  /** The store's outcome, which the kept rows and the index in memory must answer too, path and all. */
  const checkBoth = async (text: string, settings: EngineSettings = DEFAULTS, maxDepth?: number): Promise<Outcome> => {
    const outcome = await checkTuple(store, namespaces, settings, tuple(text), maxDepth);
    expect(await checkTuple(kept, namespaces, settings, tuple(text), maxDepth), `${text} from kept rows`).toEqual(outcome);
    expect(await checkTuple(index, namespaces, settings, tuple(text), maxDepth), `${text} from the index`).toEqual(outcome);
    expect(index.inMemory, 'the index answers from memory').toBe(true);
    return outcome;
  };
  /** The outcome without its path (the "why" tests read paths). */
  const check = async (text: string, settings: Partial<EngineSettings> = {}, maxDepth?: number): Promise<Outcome> => {
    const outcome = await checkBoth(text, { ...DEFAULTS, ...settings }, maxDepth);
    return outcome.membership === 'member' ? { membership: 'member' } : outcome;
  };

  describe('check', () => {
    it('finds a stored tuple and nobody else, and tells the subject alice from the subject set User:alice#', async () => {
      await write('Plain:readme#owner@alice', 'Plain:notes#owner@User:bob#');
      expect(await check('Plain:readme#owner@alice')).toEqual(MEMBER);
      expect(await check('Plain:readme#owner@mallory')).toEqual(NOT_MEMBER);
      expect(await check('Plain:readme#reader@alice')).toEqual(NOT_MEMBER);
      expect(await check('Plain:readme#owner@User:alice#')).toEqual(NOT_MEMBER);
      expect(await check('Plain:notes#owner@User:bob#')).toEqual(MEMBER);
      expect(await check('Plain:notes#owner@bob')).toEqual(NOT_MEMBER);
    });

    it('follows nested groups one level per hop, and says unknown when the depth runs out first', async () => {
      await write('Doc:d#viewers@Group:a#members', 'Group:a#members@Group:b#members', 'Group:b#members@Group:c#members', 'Group:c#members@alice');
      // From a, b is followed (a level) and alice found directly in c (free).
      expect(await check('Group:a#members@alice', {}, 1)).toEqual(TOO_DEEP);
      expect(await check('Group:a#members@alice', {}, 2)).toEqual(MEMBER);
      expect(await check('Group:a#members@alice', { maxReadDepth: 1 }, 5)).toEqual(TOO_DEEP);
      expect(await check('Group:b#members@alice', {}, 1)).toEqual(MEMBER);
      expect(await check('Group:a#members@bob', {}, 5)).toEqual(NOT_MEMBER);
      // Through the rule: view's && makes its || group a level down, and viewers one below that.
      expect(await check('Doc:d#view@alice', {}, 4)).toEqual(TOO_DEEP);
      expect(await check('Doc:d#view@alice', {}, 5)).toEqual(MEMBER);
    });

    it('follows at most max_read_width subject sets from one place, but finds a member directly in any of them', async () => {
      await write('Group:all#members@Group:g1#members', 'Group:all#members@Group:g2#members', 'Group:all#members@Group:g3#members');
      await write('Group:g3#members@Group:inner#members', 'Group:inner#members@alice', 'Group:g3#members@bob');
      expect(await check('Group:all#members@alice', { maxReadWidth: 2 })).toEqual(TOO_WIDE);
      expect(await check('Group:all#members@alice', { maxReadWidth: 3 })).toEqual(MEMBER);
      expect(await check('Group:all#members@bob', { maxReadWidth: 1 })).toEqual(MEMBER);
      expect(await check('Group:all#members@carol', { maxReadWidth: 2 })).toEqual(TOO_WIDE);
      expect(await check('Group:all#members@carol', { maxReadWidth: 3 })).toEqual(NOT_MEMBER);
    });

    it('reads the subject sets it follows from one place, and the parents a traverse reaches, one statement for all of them', async () => {
      const counted = countingStore(db);
      const parents = Array.from({ length: 30 }, (_, i) => `p${String(i).padStart(2, '0')}`);
      await write(...parents.flatMap((p) => [`Folder:d#parents@Folder:${p}#`, `Folder:${p}#parents@Folder:root-${p}#`]));
      await write('Folder:root-p29#viewers@alice');
      const checked = async (text: string) => {
        counted.statements = 0;
        const outcome = await checkTuple(counted.store, namespaces, DEFAULTS, tuple(text));
        return { membership: outcome.membership, statements: counted.statements };
      };
      // The folder; its 30 parents; their 30 roots (whose own parents none has): three statements, not 61.
      expect(await checked('Folder:d#view@alice')).toEqual({ membership: 'member', statements: 3 });
      expect(await checked('Folder:d#view@bob')).toEqual({ membership: 'not-member', statements: 3 });

      await write('Group:all#members@Group:g1#members', 'Group:all#members@Group:g2#members', 'Group:all#members@Group:g3#members');
      await write('Group:g1#members@Group:g1a#members', 'Group:g2#members@Group:g2a#members', 'Group:g3#members@Group:g3a#members', 'Group:g3a#members@carol');
      expect(await checked('Group:all#members@carol')).toEqual({ membership: 'member', statements: 2 });
    });

    it('answers from kept rows: a subject never asked before, on objects read before, costs no statement, until a change', async () => {
      const counted = countingStore(db);
      // A signal of this test's own writes alone: on PostgreSQL the triggers' notification of a
      // write arrives a moment later and would end what is kept mid-test (kept-checks.test.ts
      // proves that every write is heard).
      const own = new UntilNextWrite(true);
      const rows = new KeptRows(counted.store, own);
      await write('Doc:d#viewers@Group:a#members', 'Group:a#members@Group:b#members', 'Group:a#members@Group:c#members', 'Group:b#members@alice', 'Group:c#members@bob');
      const checked = async (text: string) => {
        counted.statements = 0;
        const outcome = await checkTuple(rows, namespaces, DEFAULTS, tuple(text));
        return { membership: outcome.membership, statements: counted.statements };
      };
      // Doc d's relations with what the group a holds; then what b and c hold (no subject sets: not followed).
      expect(await checked('Doc:d#view@alice')).toEqual({ membership: 'member', statements: 2 });
      expect(await checked('Doc:d#view@bob')).toEqual({ membership: 'member', statements: 0 });
      expect(await checked('Doc:d#view@carol')).toEqual({ membership: 'not-member', statements: 0 });
      expect(await checked('Group:a#members@carol')).toEqual({ membership: 'not-member', statements: 0 });
      await write('Group:c#members@carol');
      own.written();
      // The group a with what b and c hold, in one statement.
      expect(await checked('Group:a#members@carol')).toEqual({ membership: 'member', statements: 1 });
      await store.write([], [tuple('Group:c#members@carol')], BY);
      own.written();
      expect(await checked('Group:a#members@carol')).toEqual({ membership: 'not-member', statements: 1 });
    });

    it('reads for checks asked at once together: twenty checks on documents never read cost a few statements, each answer its own', async () => {
      const counted = countingStore(db);
      const rows = new KeptRows(counted.store, new UntilNextWrite(true));
      const docs = Array.from({ length: 20 }, (_, i) => i);
      await write(...docs.map((i) => `Doc:d${i}#viewers@Group:g${i}#members`), ...docs.filter((i) => i % 2 === 0).map((i) => `Group:g${i}#members@alice`));
      counted.statements = 0;
      const outcomes = await Promise.all(docs.map((i) => checkTuple(rows, namespaces, DEFAULTS, tuple(`Doc:d${i}#view@alice`))));
      expect(outcomes.map((outcome) => outcome.membership)).toEqual(docs.map((i) => (i % 2 === 0 ? 'member' : 'not-member')));
      // One at a time, each check reads its document with what its group holds: twenty statements.
      expect(counted.statements).toBeLessThanOrEqual(6);
    });

    it('reads what relations and the subject sets in them hold, two levels in one statement, and leaves out the relations it stopped before', async () => {
      await write('Doc:d#viewers@Group:a#members', 'Doc:d#viewers@zoe', 'Group:a#members@Group:b#members', 'Group:a#members@alice', 'Group:a#members@bob');
      const d = { namespace: 'Doc', object: 'd', relation: 'viewers' };
      const empty = { namespace: 'Doc', object: 'd', relation: 'owners' };
      const key = (set: typeof d) => `${set.namespace}\u0000${set.object}\u0000${set.relation}`;
      const all = await store.contentsOf(
        [
          { set: d, inside: true },
          { set: empty, inside: true },
        ],
        10,
        100,
      );
      expect(Object.fromEntries(all)).toEqual({
        // Key order: a subject set's empty subject_id comes first.
        [key(d)]: [{ set: { namespace: 'Group', object: 'a', relation: 'members' } }, { id: 'zoe' }],
        [key(empty)]: [],
        [key({ namespace: 'Group', object: 'a', relation: 'members' })]: [{ set: { namespace: 'Group', object: 'b', relation: 'members' } }, { id: 'alice' }, { id: 'bob' }],
      });
      // Stopped after two relations: the group inside is not read.
      const cut = await store.contentsOf(
        [
          { set: d, inside: true },
          { set: empty, inside: true },
        ],
        10,
        2,
      );
      expect([...cut.keys()].sort()).toEqual([key(d), key(empty)].sort());
      // More rows than the limit per relation: the limit and one more are read, in key order.
      const capped = await store.contentsOf([{ set: { namespace: 'Group', object: 'a', relation: 'members' }, inside: false }], 2, 100);
      expect([...capped.values()]).toEqual([[{ set: { namespace: 'Group', object: 'b', relation: 'members' } }, { id: 'alice' }]]);
    });

    it('reads from the database what is too long to keep: a relation of many subject sets, a subject in many relations', async () => {
      const many = Array.from({ length: LONGEST_KEPT + 1 }, (_, i) => `g${String(i).padStart(4, '0')}`);
      await store.write(
        many.map((g) => tuple(`Group:big#members@Group:${g}#members`)),
        [],
        BY,
      );
      await store.write(
        many.map((g) => tuple(`Group:${g}#members@busy`)),
        [],
        BY,
      );
      await write(`Group:${many.at(-1)}#members@alice`);
      // Found directly in the last subject set, beyond the width limit; nobody else is certain.
      expect(await check('Group:big#members@alice')).toEqual(MEMBER);
      expect(await check('Group:big#members@bob')).toEqual(TOO_WIDE);
      expect(await check('Group:big#members@busy')).toEqual(MEMBER);
      expect(await check('Group:g0001#members@busy')).toEqual(MEMBER);
      expect(await check('Group:other#members@busy')).toEqual(NOT_MEMBER);
    });

    it('ends cycles of groups with a definite answer', async () => {
      await write('Group:a#members@Group:b#members', 'Group:b#members@Group:a#members', 'Group:b#members@Group:c#members', 'Group:c#members@alice');
      expect(await check('Group:a#members@carol', { maxReadDepth: 100 })).toEqual(NOT_MEMBER);
      expect(await check('Group:a#members@alice', { maxReadDepth: 100 })).toEqual(MEMBER);
      expect(await check('Group:c#members@Group:a#members', { maxReadDepth: 100 })).toEqual(NOT_MEMBER);
      expect(await check('Group:a#members@Group:a#members', { maxReadDepth: 100 })).toEqual(MEMBER);
    });

    it('ends cycles of rules naming each other', async () => {
      await write('Loop:l#holders@alice');
      expect(await check('Loop:l#b@alice')).toEqual(MEMBER);
      expect(await check('Loop:l#b@bob')).toEqual(NOT_MEMBER);
      expect(await check('Loop:l#c@alice', { maxReadDepth: 100 })).toEqual(NOT_MEMBER);
    });

    it('reads includes, permits and traverse: owners edit and view, viewers of a parent folder view', async () => {
      await write('Folder:root#viewers@Group:staff#members', 'Group:staff#members@alice', 'Folder:f#parents@Folder:root#', 'Folder:f#owners@bob');
      await write('Doc:d#parents@Folder:f#');
      expect(await check('Folder:f#edit@bob')).toEqual(MEMBER);
      expect(await check('Folder:f#view@bob')).toEqual(MEMBER);
      expect(await check('Folder:root#view@bob')).toEqual(NOT_MEMBER);
      expect(await check('Folder:f#view@alice')).toEqual(MEMBER);
      expect(await check('Doc:d#view@bob')).toEqual(MEMBER);
      // Doc → Folder:f → Folder:root → the staff group: each traverse a level.
      expect(await check('Doc:d#view@alice', {}, 4)).toEqual(TOO_DEEP);
      expect(await check('Doc:d#view@alice', {}, 5)).toEqual(MEMBER);
      // A "no" is certain only once every path was followed to its end.
      expect(await check('Doc:d#view@carol')).toEqual(TOO_DEEP);
      expect(await check('Doc:d#view@carol', { maxReadDepth: 6 })).toEqual(NOT_MEMBER);
    });

    it('follows a subject set whose relation is a rule, though nothing is stored under it', async () => {
      await write('Doc:d#viewers@Folder:f#view', 'Folder:f#owners@erin');
      expect(await check('Doc:d#view@erin')).toEqual(MEMBER);
      expect(await check('Doc:d#view@frank', { maxReadDepth: 10 })).toEqual(NOT_MEMBER);
    });

    it('excludes with ! and requires both sides of &&', async () => {
      await write('Doc:d#viewers@alice', 'Doc:d#viewers@bob', 'Doc:d#banned@Group:blocked#members', 'Group:blocked#members@bob', 'Group:blocked#members@carol');
      expect(await check('Doc:d#view@alice')).toEqual(MEMBER);
      expect(await check('Doc:d#view@bob')).toEqual(NOT_MEMBER);
      expect(await check('Doc:d#view@carol')).toEqual(NOT_MEMBER);

      await write('Doc:d#reviewers@alice', 'Doc:d#reviewers@bob', 'Doc:d#approvers@bob', 'Doc:d#approvers@carol');
      expect(await check('Doc:d#approve@alice')).toEqual(NOT_MEMBER);
      expect(await check('Doc:d#approve@bob')).toEqual(MEMBER);
      expect(await check('Doc:d#approve@carol')).toEqual(NOT_MEMBER);
    });

    it('does not turn an exclusion it could not finish into a yes', async () => {
      await write('Doc:d#viewers@alice', 'Doc:d#banned@Group:g#members', 'Group:g#members@Group:h#members', 'Group:h#members@Group:k#members', 'Group:k#members@alice');
      expect(await check('Doc:d#view@alice', {}, 2)).toEqual(TOO_DEEP);
      expect(await check('Doc:d#view@alice', {}, 3)).toEqual(NOT_MEMBER);
      expect(await check('Doc:d#view@dave', {}, 2)).toEqual(TOO_DEEP);
      expect(await check('Doc:d#view@dave')).toEqual(NOT_MEMBER);
    });

    it('tells the subject set User:alice# from the subject alice through groups too', async () => {
      await write('Doc:d#viewers@Group:g#members', 'Group:g#members@User:alice#');
      expect(await check('Doc:d#view@User:alice#')).toEqual(MEMBER);
      expect(await check('Doc:d#view@alice')).toEqual(NOT_MEMBER);
    });

    it('refuses a relation the model does not declare, and takes any relation of a namespace without a model', async () => {
      await expect(check('Doc:d#nonsense@alice')).rejects.toMatchObject({ status: 400, reason: 'relation "nonsense" does not exist in namespace "Doc"' });
      await write('Plain:p#anything@Group:g#members', 'Group:g#members@alice');
      expect(await check('Plain:p#anything@alice')).toEqual(MEMBER);
    });

    it('in strict mode reads rules only as rules, and follows only declared subject sets', async () => {
      await write('Doc:d#approve@alice', 'Doc:d#viewers@Team:t#members', 'Team:t#members@bob', 'Plain:p#x@Group:g#members', 'Group:g#members@carol', 'Plain:p#x@dave');
      expect(await check('Doc:d#approve@alice')).toEqual(MEMBER);
      expect(await check('Doc:d#approve@alice', { strictMode: true })).toEqual(NOT_MEMBER);
      expect(await check('Doc:d#view@bob')).toEqual(MEMBER);
      expect(await check('Doc:d#view@bob', { strictMode: true })).toEqual(NOT_MEMBER);
      // Without a model nothing is declared: only subject ids count.
      expect(await check('Plain:p#x@carol')).toEqual(MEMBER);
      expect(await check('Plain:p#x@carol', { strictMode: true })).toEqual(NOT_MEMBER);
      expect(await check('Plain:p#x@dave', { strictMode: true })).toEqual(MEMBER);
    });
  });

  describe('expand', () => {
    const expand = (text: string, depth?: number, settings: Partial<EngineSettings> = {}) =>
      expandSubjectSet(store, namespaces, { ...DEFAULTS, ...settings }, subjectSet(text), depth);
    const node = (type: ExpandTree['type'], text: string | undefined, children: ExpandTree[] = []): ExpandTree => ({
      type,
      ...(text === undefined ? {} : { subject: subject(text) }),
      children,
    });

    it('expands groups into their members, one level per group, until the depth runs out', async () => {
      await write('Group:a#members@alice', 'Group:a#members@Group:b#members', 'Group:b#members@bob', 'Group:b#members@User:carol#');
      expect(await expand('Group:a#members')).toEqual(
        node('union', 'Group:a#members', [node('union', 'Group:b#members', [node('leaf', 'User:carol#'), node('leaf', 'bob')]), node('leaf', 'alice')]),
      );
      expect(await expand('Group:a#members', 2)).toEqual(node('union', 'Group:a#members', [node('union', 'Group:b#members'), node('leaf', 'alice')]));
      expect(await expand('Group:a#members', 1)).toEqual(node('union', 'Group:a#members'));
      expect(await expand('Group:nobody#members')).toEqual(node('union', 'Group:nobody#members'));
    });

    it('stops at a group already being expanded', async () => {
      await write('Group:a#members@Group:b#members', 'Group:b#members@Group:a#members');
      expect(await expand('Group:a#members', 100, { maxReadDepth: 100 })).toEqual(
        node('union', 'Group:a#members', [node('union', 'Group:b#members', [node('union', 'Group:a#members')])]),
      );
    });

    it("expands a rule into its tree: intersection, union, the traversal's parents, exclusion", async () => {
      await write('Doc:d#viewers@alice', 'Doc:d#parents@Folder:f#', 'Folder:f#owners@bob', 'Doc:d#banned@carol');
      expect(await expand('Doc:d#view')).toEqual(
        node('intersection', 'Doc:d#view', [
          node('union', undefined, [
            node('union', 'Doc:d#viewers', [node('leaf', 'alice')]),
            node('union', 'Doc:d#parents', [
              node('union', 'Folder:f#view', [
                node('union', 'Folder:f#viewers'),
                node('union', 'Folder:f#edit', [node('union', 'Folder:f#owners', [node('leaf', 'bob')])]),
                node('union', 'Folder:f#parents'),
              ]),
            ]),
          ]),
          node('exclusion', undefined, [node('union', 'Doc:d#banned', [node('leaf', 'carol')])]),
        ]),
      );
    });

    it('in strict mode expands nothing for a relation without types or rule', async () => {
      expect(await expand('Plain:p#x', undefined, { strictMode: true })).toBeUndefined();
      expect(await expand('Plain:p#x')).toEqual(node('union', 'Plain:p#x'));
    });
  });

  describe('why: the path a check found', () => {
    const pathOf = async (text: string) => {
      const outcome = await checkBoth(text);
      expect(outcome.membership).toBe('member');
      return outcome.membership === 'member' ? (outcome.path ?? []).map((step) => `${step.via} ${step.set.namespace}:${step.set.object}#${step.set.relation}`) : [];
    };

    it('goes from the relation asked about, through rules, traversals and groups, to the stored tuple', async () => {
      await write('Doc:d#parents@Folder:f#', 'Folder:f#parents@Folder:root#', 'Folder:root#viewers@Group:staff#members', 'Group:staff#members@alice', 'Folder:root#owners@bob');
      expect(await pathOf('Doc:d#view@alice')).toEqual([
        'rule Doc:d#view',
        'traverse Doc:d#parents',
        'rule Folder:f#view',
        'traverse Folder:f#parents',
        'rule Folder:root#view',
        'subject-set Folder:root#viewers',
      ]);
      expect(await pathOf('Doc:d#view@bob')).toEqual([
        'rule Doc:d#view',
        'traverse Doc:d#parents',
        'rule Folder:f#view',
        'traverse Folder:f#parents',
        'rule Folder:root#view',
        'rule Folder:root#edit',
        'stored Folder:root#owners',
      ]);
    });

    it('names the tuples it went through', async () => {
      await write('Group:a#members@Group:b#members', 'Group:b#members@Group:c#members', 'Group:c#members@alice');
      const outcome = await checkBoth('Group:a#members@alice');
      expect(outcome.membership === 'member' && outcome.path?.map((step) => step.tuple && `${step.tuple.namespace}:${step.tuple.object}#${step.tuple.relation}`)).toEqual([
        'Group:a#members',
        undefined,
      ]);
      expect(outcome.membership === 'member' && outcome.path?.[0]?.tuple?.subject).toEqual({ set: { namespace: 'Group', object: 'b', relation: 'members' } });
    });
  });

  describe('list objects (the reverse lookup)', () => {
    const list = (namespace: string, relation: string, who: string) => listObjects(store, namespaces, DEFAULTS, namespace, relation, subject(who));

    it('finds what the subject reaches through groups, rules and traversals, and nothing else', async () => {
      await write(
        'Group:staff#members@alice',
        'Folder:root#viewers@Group:staff#members',
        'Folder:a#parents@Folder:root#',
        'Folder:b#parents@Folder:a#',
        'Folder:other#owners@alice',
        'Folder:elsewhere#owners@bob',
        'Doc:d1#parents@Folder:a#',
        'Doc:d2#parents@Folder:elsewhere#',
        'Doc:d3#viewers@alice',
      );
      expect(await list('Folder', 'view', 'alice')).toEqual(['a', 'b', 'other', 'root']);
      expect(await list('Folder', 'edit', 'alice')).toEqual(['other']);
      expect(await list('Doc', 'view', 'alice')).toEqual(['d1', 'd3']);
      expect(await list('Doc', 'view', 'bob')).toEqual(['d2']);
      expect(await list('Group', 'members', 'alice')).toEqual(['staff']);
      expect(await list('Folder', 'view', 'nobody')).toEqual([]);
    });

    it('checks each candidate where the rule excludes or intersects', async () => {
      await write('Doc:d1#viewers@alice', 'Doc:d2#viewers@alice', 'Doc:d2#banned@alice', 'Doc:d3#reviewers@alice', 'Doc:d3#approvers@alice', 'Doc:d4#reviewers@alice');
      expect(await list('Doc', 'view', 'alice')).toEqual(['d1']);
      expect(await list('Doc', 'approve', 'alice')).toEqual(['d3']);
    });

    it('ends on cycles of groups and of rules', async () => {
      await write('Group:a#members@Group:b#members', 'Group:b#members@Group:a#members', 'Group:a#members@alice', 'Loop:l#holders@alice');
      expect(await list('Group', 'members', 'alice')).toEqual(['a', 'b']);
      expect(await list('Loop', 'a', 'alice')).toEqual(['l']);
    });
  });
});
