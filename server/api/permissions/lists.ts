/**
 * A caller's three permission lists (specification section 6), computed by the permission engine
 * from sitewave's model (shared/permission-model.ts) and the relationships the memberships keep
 * (role-relationships.ts): their own (the Installation's permits), an organisation's and a
 * project's (that namespace's permits, a project's including what its organisation grants on
 * all its projects). The gateway caches them; the API checks every call again, keeping an answer
 * until its next change (on PostgreSQL, where other instances change roles too, as heard:
 * until-next-write.ts).
 *
 * The relationships of sitewave's namespaces are kept in memory (tuple-index.ts, those
 * namespaces only): a list in a project reads its rows there, costing no statement, and a
 * project's organisation is its `organisation` relationship, which the project's row writes in
 * its own transaction. Until memory is loaded, and whenever it is not in step with every change,
 * one statement reads the same rows instead (load()).
 */
import { LRUCache } from 'lru-cache';
import type { Database, Queryable } from '../../db/database.js';
import type { UntilNextWrite } from '../../db/until-next-write.js';
import { checkRelations, type EngineSettings, type Target } from '../../permissions/engine/check.js';
import { listObjects } from '../../permissions/engine/list-objects.js';
import type { Outcome } from '../../permissions/engine/outcome.js';
import type { Namespaces } from '../../permissions/namespaces.js';
import { PRODUCT_MODEL } from '../../permissions/product-model.js';
import { TupleIndex } from '../../permissions/store/tuple-index.js';
import { TupleStore } from '../../permissions/store/tuple-store.js';
import type { Subject } from '../../permissions/tuple.js';
import { INSTALLATION_OBJECT, PRODUCT_NAMESPACES, PROJECT_ORGANISATION_RELATION } from '../../../shared/permission-model.js';
import { quoteIdentifier } from '../../db/schema-name.js';
import { PreloadedTuples, type PreloadedTuple } from './preloaded-tuples.js';
import { PERMISSION_IDS, type PermissionId } from '../../../shared/permission-ids.js';

/** `undefined`: the organisation or project does not exist. */
export interface ScopedList {
  permissions: readonly PermissionId[];
}

/** Where a checked call acts: an organisation, or a project (whose organisation counts too). */
export type CheckedScope = { orgId: string; projectId?: undefined } | { projectId: string; orgId?: undefined } | null;

/** `missing`: the organisation or project named does not exist. */
export type HeldPermissions = { missing: 'organisation' | 'project'; id: string } | { permissions: Set<PermissionId> };

export const PRODUCT_NAMESPACE_MODELS: Namespaces = {
  list: PRODUCT_MODEL,
  get: (name) => PRODUCT_MODEL.find((namespace) => namespace.name === name),
};

/**
 * Strict mode: people are `Identity:<id>` subject sets stored directly in a role, never sets to
 * follow, so no read lists a role's members. The limits are the model's own, whatever a project
 * configures for its namespaces: the deepest path (a project's permit, through its organisation,
 * to a rung of the ladder, to a role) is four levels.
 */
export const PRODUCT_ENGINE_SETTINGS: EngineSettings = { maxReadDepth: 5, maxReadWidth: 100, strictMode: true };

const IDS_OF: Record<Target['namespace'], readonly PermissionId[]> = {
  Installation: PERMISSION_IDS.filter((id) => id.startsWith('admin:')),
  Organisation: PERMISSION_IDS.filter((id) => id.startsWith('org:') || id.startsWith('project:')),
  Project: PERMISSION_IDS.filter((id) => id.startsWith('project:')),
};

export const identitySubject = (identityId: string): Subject => ({ set: { namespace: 'Identity', object: identityId, relation: '' } });

/** What was found of a call's scope: which of the organisation and project exist, and the person's relationships there. */
interface Loaded {
  orgId: string | null;
  projectId: string | null;
  store: PreloadedTuples;
}

/** The relations each of sitewave's namespaces stores (its `related`): those a list reads for the person. */
const STORED_RELATIONS: Record<string, string[]> = Object.fromEntries(
  PRODUCT_MODEL.map((namespace) => [namespace.name, namespace.relations.filter((relation) => !relation.rewrite).map((relation) => relation.name)]),
);

/**
 * The statement of RolePermissions.load(): one row per relationship found (or one without, when
 * none is), in plain columns, which cost the database less to build and the driver less to read
 * than an aggregate of JSON objects. Built once per schema: drivers find a prepared statement by
 * its text, and a text made anew on every call must be hashed anew.
 *
 * Every relationship is looked up by its whole key, one lookup per relation the model stores in
 * that namespace: never a range that grows with the data. (A range of the person's relationships
 * grew with every project they manage; one of an object's, with its members.)
 */
export function loadStatement(tuples: string): string {
  const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
  // One branch per relation: with the relations as a list the planner kept them out of the key
  // and read the object's whole range, every member of the project.
  const personal = (namespace: string, object: string) =>
    (STORED_RELATIONS[namespace] ?? [])
      .map(
        (relation) => `
      SELECT here.namespace, here.object, here.relation, '' AS set_namespace, here.subject_set_object AS set_object, '' AS set_relation
      FROM ${tuples} here
      WHERE here.namespace = ${text(namespace)} AND here.object = ${object} AND here.relation = ${text(relation)}
        AND here.subject_id = '' AND here.subject_set_namespace = 'Identity' AND here.subject_set_object = $4 AND here.subject_set_relation = ''`,
      )
      .join('\n      UNION ALL');
  return `WITH wanted AS (
      SELECT o.id AS org_id, p.id AS project_id
      FROM (SELECT $1::uuid AS org_id, $2::uuid AS project_id) w
      LEFT JOIN projects p ON p.id = w.project_id
      LEFT JOIN orgs o ON o.id = coalesce(p.org_id, w.org_id))
    SELECT wanted.org_id, wanted.project_id, t.namespace, t.object, t.relation, t.set_namespace, t.set_object, t.set_relation
    FROM wanted LEFT JOIN LATERAL (
      ${personal('Installation', '$3::text')}
      UNION ALL ${personal('Organisation', 'wanted.org_id::text')}
      UNION ALL ${personal('Project', 'wanted.project_id::text')}
      UNION ALL
      SELECT here.namespace, here.object, here.relation, here.subject_set_namespace, here.subject_set_object, here.subject_set_relation
      FROM ${tuples} here
      WHERE here.namespace = 'Project' AND here.object = wanted.project_id::text AND here.relation = $5) t ON true`;
}

export class RolePermissions {
  readonly store: TupleStore;
  private readonly loadSql: string;
  /**
   * The engine's answers by the shape of a person's relationships where a call acts (their roles
   * on the installation, the organisation and the project, and whose organisation the project
   * is), not by whose: the model is fixed, so the same shape holds the same permissions, and the
   * few shapes there are each cost the engine once. Only answers drawn from those rows alone.
   */
  private readonly byShape = new LRUCache<string, PermissionId[]>({ max: 1_000 });
  private readonly index: TupleIndex | undefined;

  constructor(
    private readonly db: Queryable,
    /** The database handle the store reads with (the API's), and the permission service's schema. */
    private readonly handle: Database,
    private readonly permissionSchema: string,
    /** The signal that ends what is kept of the relationships (until-next-write.ts); without it nothing is kept in memory. */
    relationships?: UntilNextWrite,
  ) {
    this.store = new TupleStore(handle, permissionSchema);
    this.loadSql = loadStatement(`${quoteIdentifier(permissionSchema)}.relation_tuples`);
    if (relationships) this.index = new TupleIndex(handle, relationships, this.store, { schema: permissionSchema, namespaces: PRODUCT_NAMESPACES });
  }

  /** Loads sitewave's roles into memory, in the background: until then, and whenever memory is not in step, lists read the database. */
  start(): Promise<void> {
    return this.index?.start() ?? Promise.resolve();
  }

  stop(): void {
    this.index?.stop();
  }

  /**
   * The scope and the person's relationships there: from memory when it is in step, else in one
   * statement. On PostgreSQL a call after a change reads the statement and memory reads the
   * change in the background: reading it first cost a call more than the statement, and every
   * write request's check comes after a change. PGlite's one connection would run both, so there
   * memory reads the change first.
   */
  private async place(identityId: string, orgId: string | null, projectId: string | null): Promise<Loaded> {
    const index = this.index;
    if (index?.current || (index?.inMemory && this.handle.kind === 'pglite')) {
      return (await this.placeInMemory(index, identityId, orgId, projectId)) ?? (await this.load(identityId, orgId, projectId));
    }
    const loaded = await this.load(identityId, orgId, projectId);
    index?.refresh();
    return loaded;
  }

  /**
   * The rows load() reads, from memory at one moment; undefined when memory cannot answer now.
   * An organisation holds no relationship of its own: whether one exists is its row's, read first.
   */
  private async placeInMemory(index: TupleIndex, identityId: string, orgId: string | null, projectId: string | null): Promise<Loaded | undefined> {
    const org = orgId && !projectId ? ((await this.db.query<{ id: string }>('SELECT id FROM orgs WHERE id = $1::uuid', [orgId])).rows[0]?.id ?? null) : null;
    const person = identitySubject(identityId);
    const seen = await index.view((view) => {
      const rows: PreloadedTuple[] = [];
      const personal = (namespace: string, object: string) => {
        for (const relation of STORED_RELATIONS[namespace] ?? []) {
          if (view.holds(namespace, object, relation, person)) rows.push({ namespace, object, relation, set_namespace: '', set_object: identityId, set_relation: '' });
        }
      };
      personal('Installation', INSTALLATION_OBJECT);
      if (!projectId) {
        if (org) personal('Organisation', org);
        return { orgId: org, projectId: null, rows };
      }
      // As the relationship names it: the uuid's text. Every project has its organisation's relationship, from its insert to its delete.
      const project = projectId.toLowerCase();
      const sets = view.subjectSets('Project', project, PROJECT_ORGANISATION_RELATION);
      const projectOrg = sets.find((set) => set.namespace === 'Organisation')?.object ?? null;
      if (projectOrg === null) return { orgId: null, projectId: null, rows };
      personal('Organisation', projectOrg);
      personal('Project', project);
      for (const set of sets)
        rows.push({
          namespace: 'Project',
          object: project,
          relation: PROJECT_ORGANISATION_RELATION,
          set_namespace: set.namespace,
          set_object: set.object,
          set_relation: set.relation,
        });
      return { orgId: projectOrg, projectId: project, rows };
    });
    return seen && this.preloaded(identityId, seen.orgId, seen.projectId, seen.rows);
  }

  /**
   * The organisation and project of a scope (a project's organisation when only the project is
   * named), and in the same statement every relationship the model reads there for the person:
   * theirs on the installation, the organisation and the project, and the project's organisation.
   */
  private async load(identityId: string, orgId: string | null, projectId: string | null): Promise<Loaded> {
    const r = await this.db.query<{ org_id: string | null; project_id: string | null } & Partial<PreloadedTuple>>(this.loadSql, [
      orgId,
      projectId,
      INSTALLATION_OBJECT,
      identityId,
      PROJECT_ORGANISATION_RELATION,
    ]);
    const row = r.rows[0]!;
    const found = r.rows.filter((tuple): tuple is typeof tuple & PreloadedTuple => tuple.namespace != null);
    return this.preloaded(identityId, row.org_id, row.project_id, found);
  }

  /** `rows`: every relationship of the person on the installation and the objects found, and the project's organisation. */
  private preloaded(identityId: string, orgId: string | null, projectId: string | null, rows: readonly PreloadedTuple[]): Loaded {
    const objects = [{ namespace: 'Installation', object: INSTALLATION_OBJECT }];
    if (orgId) objects.push({ namespace: 'Organisation', object: orgId });
    if (projectId) objects.push({ namespace: 'Project', object: projectId });
    const traversed = [{ namespace: 'Project', relation: PROJECT_ORGANISATION_RELATION }];
    return { orgId, projectId, store: new PreloadedTuples(this.handle, this.permissionSchema, objects, traversed, rows, identitySubject(identityId)) };
  }

  private async checked(store: TupleStore, identityId: string, targets: Target[]): Promise<{ id: PermissionId; outcome: Outcome }[]> {
    const asked = targets.map((target) => ({ target, relations: IDS_OF[target.namespace]! }));
    const answers = await checkRelations(store, PRODUCT_NAMESPACE_MODELS, PRODUCT_ENGINE_SETTINGS, identitySubject(identityId), asked);
    return answers.map(({ relation, outcome }) => ({ id: relation as PermissionId, outcome }));
  }

  /** The permits of each target the identity holds, in one engine pass (reads of one serve the next). */
  private async held({ store, orgId, projectId }: Loaded, identityId: string, targets: Target[]): Promise<PermissionId[]> {
    const places = new Map([[`Installation:${INSTALLATION_OBJECT}`, 'installation']]);
    if (orgId) places.set(`Organisation:${orgId}`, 'organisation');
    if (projectId) places.set(`Project:${projectId}`, 'project');
    const rows = store.shape(places);
    const asked = targets.map((target) => places.get(`${target.namespace}:${target.object}`));
    const key = rows === null || asked.includes(undefined) ? null : `${asked.join(',')} | ${rows}`;
    const known = key === null ? undefined : this.byShape.get(key);
    if (known) return [...known];
    const held = (await this.checked(store, identityId, targets)).filter(({ outcome }) => outcome.membership === 'member').map(({ id }) => id);
    if (key !== null && store.answeredFromRows) this.byShape.set(key, held);
    return held;
  }

  /** Each permission id of the project: the engine's answer for the identity, with the path it found. */
  async explainProject(projectId: string, identityId: string): Promise<{ id: PermissionId; outcome: Outcome }[]> {
    const { store } = await this.place(identityId, null, projectId);
    return this.checked(store, identityId, [{ namespace: 'Project', object: projectId }]);
  }

  async user(identityId: string): Promise<PermissionId[]> {
    return this.held(await this.place(identityId, null, null), identityId, [{ namespace: 'Installation', object: INSTALLATION_OBJECT }]);
  }

  async org(orgId: string, identityId: string): Promise<ScopedList | undefined> {
    const loaded = await this.place(identityId, orgId, null);
    if (!loaded.orgId) return undefined;
    return { permissions: await this.held(loaded, identityId, [{ namespace: 'Organisation', object: orgId }]) };
  }

  async project(projectId: string, identityId: string): Promise<ScopedList | undefined> {
    const loaded = await this.place(identityId, null, projectId);
    if (!loaded.projectId) return undefined;
    return { permissions: await this.held(loaded, identityId, [{ namespace: 'Project', object: projectId }]) };
  }

  /** The projects the identity holds a role in (manager, surveyor or viewer), by reverse lookup. */
  projectsWithRole(identityId: string): Promise<string[]> {
    return listObjects(this.store, PRODUCT_NAMESPACE_MODELS, PRODUCT_ENGINE_SETTINGS, 'Project', 'view', identitySubject(identityId));
  }

  /** The projects the identity may read, through a role of its own or its organisation's, by reverse lookup. */
  projectsReadable(identityId: string): Promise<string[]> {
    return listObjects(this.store, PRODUCT_NAMESPACE_MODELS, PRODUCT_ENGINE_SETTINGS, 'Project', 'project:read', identitySubject(identityId));
  }

  /** The union of the caller's lists where a call acts. */
  async where(identityId: string, scope: CheckedScope): Promise<HeldPermissions> {
    const loaded = await this.place(identityId, scope?.orgId ?? null, scope?.projectId ?? null);
    if (scope?.projectId && !loaded.projectId) return { missing: 'project', id: scope.projectId };
    if (scope && !loaded.orgId) return { missing: 'organisation', id: scope.orgId ?? scope.projectId };
    const targets: Target[] = [{ namespace: 'Installation', object: INSTALLATION_OBJECT }];
    if (loaded.projectId) targets.push({ namespace: 'Project', object: loaded.projectId });
    if (loaded.orgId) targets.push({ namespace: 'Organisation', object: loaded.orgId });
    return { permissions: new Set(await this.held(loaded, identityId, targets)) };
  }
}

/** The answer shape of the three permission routes: entries carry an id. */
export const asEntries = (ids: readonly PermissionId[]) => ids.map((id) => ({ id }));
