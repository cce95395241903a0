/**
 * A caller's three permission lists (specification section 6), computed by the permission engine
 * from sitewave's model (shared/permission-model.ts) and the relationships the memberships keep
 * (role-relationships.ts): their own (the Installation's permits), an organisation's and a
 * project's (that namespace's permits, a project's including what its organisation grants on
 * all its projects). The gateway caches them; the API checks every call again, keeping an answer
 * until its next change (on PostgreSQL, where other instances change roles too, as heard:
 * until-next-write.ts).
 */
import { LRUCache } from 'lru-cache';
import type { Database, Queryable } from '../../db/database.js';
import { checkRelations, type EngineSettings, type Target } from '../../permissions/engine/check.js';
import { listObjects } from '../../permissions/engine/list-objects.js';
import type { Outcome } from '../../permissions/engine/outcome.js';
import type { Namespaces } from '../../permissions/namespaces.js';
import { PRODUCT_MODEL } from '../../permissions/product-model.js';
import { TupleStore } from '../../permissions/store/tuple-store.js';
import type { Subject } from '../../permissions/tuple.js';
import { INSTALLATION_OBJECT, PROJECT_ORGANISATION_RELATION } from '../../../shared/permission-model.js';
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

/** What one statement found of a call's scope: which of the organisation and project exist, and their relationships for the person. */
interface Loaded {
  orgId: string | null;
  projectId: string | null;
  store: PreloadedTuples;
}

/**
 * The statement of RolePermissions.load(): one row per relationship found (or one without, when
 * none is), in plain columns, which cost the database less to build and the driver less to read
 * than an aggregate of JSON objects. Built once per schema: drivers find a prepared statement by
 * its text, and a text made anew on every call must be hashed anew.
 */
function loadStatement(tuples: string): string {
  return `WITH wanted AS (
      SELECT o.id AS org_id, p.id AS project_id
      FROM (SELECT $1::uuid AS org_id, $2::uuid AS project_id) w
      LEFT JOIN projects p ON p.id = w.project_id
      LEFT JOIN orgs o ON o.id = coalesce(p.org_id, w.org_id))
    SELECT wanted.org_id, wanted.project_id, t.namespace, t.object, t.relation, t.set_namespace, t.set_object, t.set_relation
    FROM wanted LEFT JOIN LATERAL (
      -- The person's own relationships (a few, on the subject index) where the call acts, and the
      -- project's organisation (its range of the primary key): never a range that grows with the data.
      SELECT here.namespace, here.object, here.relation, '' AS set_namespace, here.subject_set_object AS set_object, '' AS set_relation
      FROM ${tuples} here
      WHERE here.subject_set_namespace = 'Identity' AND here.subject_set_object = $4 AND here.subject_set_relation = '' AND here.subject_id = ''
        AND (here.namespace, here.object) IN (('Installation', $3::text), ('Organisation', wanted.org_id::text), ('Project', wanted.project_id::text))
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

  constructor(
    private readonly db: Queryable,
    /** The database handle the store reads with (the API's), and the permission service's schema. */
    private readonly handle: Database,
    private readonly permissionSchema: string,
  ) {
    this.store = new TupleStore(handle, permissionSchema);
    this.loadSql = loadStatement(`${quoteIdentifier(permissionSchema)}.relation_tuples`);
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
    const objects = [{ namespace: 'Installation', object: INSTALLATION_OBJECT }];
    if (row.org_id) objects.push({ namespace: 'Organisation', object: row.org_id });
    if (row.project_id) objects.push({ namespace: 'Project', object: row.project_id });
    const traversed = [{ namespace: 'Project', relation: PROJECT_ORGANISATION_RELATION }];
    return {
      orgId: row.org_id,
      projectId: row.project_id,
      store: new PreloadedTuples(this.handle, this.permissionSchema, objects, traversed, found, identitySubject(identityId)),
    };
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
    const { store } = await this.load(identityId, null, projectId);
    return this.checked(store, identityId, [{ namespace: 'Project', object: projectId }]);
  }

  async user(identityId: string): Promise<PermissionId[]> {
    return this.held(await this.load(identityId, null, null), identityId, [{ namespace: 'Installation', object: INSTALLATION_OBJECT }]);
  }

  async org(orgId: string, identityId: string): Promise<ScopedList | undefined> {
    const loaded = await this.load(identityId, orgId, null);
    if (!loaded.orgId) return undefined;
    return { permissions: await this.held(loaded, identityId, [{ namespace: 'Organisation', object: orgId }]) };
  }

  async project(projectId: string, identityId: string): Promise<ScopedList | undefined> {
    const loaded = await this.load(identityId, null, projectId);
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
    const loaded = await this.load(identityId, scope?.orgId ?? null, scope?.projectId ?? null);
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
