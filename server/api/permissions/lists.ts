/**
 * A caller's three permission lists (specification section 6), computed by the permission engine
 * from sitewave's model (shared/permission-model.ts) and the relationships the memberships keep
 * (role-relationships.ts): their own (the Installation's permits), an organisation's and a
 * project's (that namespace's permits, a project's including what its organisation grants on
 * all its projects). The gateway caches them; the API checks every call again, keeping an answer
 * until its next change (on PostgreSQL, where other instances change roles too, five seconds at
 * most: until-next-write.ts).
 */
import type { Database, Queryable } from '../../db/database.js';
import { checkRelations, type EngineSettings, type Target } from '../../permissions/engine/check.js';
import { listObjects } from '../../permissions/engine/list-objects.js';
import type { Outcome } from '../../permissions/engine/outcome.js';
import type { Namespaces } from '../../permissions/namespaces.js';
import { PRODUCT_MODEL } from '../../permissions/product-model.js';
import { TupleStore } from '../../permissions/store/tuple-store.js';
import type { Subject } from '../../permissions/tuple.js';
import { INSTALLATION_OBJECT } from '../../../shared/permission-model.js';
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

export class RolePermissions {
  readonly store: TupleStore;

  constructor(
    private readonly db: Queryable,
    /** The database handle the store reads with (the API's), and the permission service's schema. */
    handle: Database,
    permissionSchema: string,
  ) {
    this.store = new TupleStore(handle, permissionSchema);
  }

  /** The permits of each target the identity holds, in one engine pass (reads of one serve the next). */
  private async held(identityId: string, targets: Target[]): Promise<PermissionId[]> {
    return (await this.checked(identityId, targets)).filter(({ outcome }) => outcome.membership === 'member').map(({ id }) => id);
  }

  private async checked(identityId: string, targets: Target[]): Promise<{ id: PermissionId; outcome: Outcome }[]> {
    const asked = targets.map((target) => ({ target, relations: IDS_OF[target.namespace]! }));
    const answers = await checkRelations(this.store, PRODUCT_NAMESPACE_MODELS, PRODUCT_ENGINE_SETTINGS, identitySubject(identityId), asked);
    return answers.map(({ relation, outcome }) => ({ id: relation as PermissionId, outcome }));
  }

  /** Each permission id of the project: the engine's answer for the identity, with the path it found. */
  explainProject(projectId: string, identityId: string): Promise<{ id: PermissionId; outcome: Outcome }[]> {
    return this.checked(identityId, [{ namespace: 'Project', object: projectId }]);
  }

  user(identityId: string): Promise<PermissionId[]> {
    return this.held(identityId, [{ namespace: 'Installation', object: INSTALLATION_OBJECT }]);
  }

  async org(orgId: string, identityId: string): Promise<ScopedList | undefined> {
    const r = await this.db.query('SELECT 1 FROM orgs WHERE id = $1', [orgId]);
    if (r.rowCount === 0) return undefined;
    return { permissions: await this.held(identityId, [{ namespace: 'Organisation', object: orgId }]) };
  }

  async project(projectId: string, identityId: string): Promise<ScopedList | undefined> {
    const r = await this.db.query('SELECT 1 FROM projects WHERE id = $1', [projectId]);
    if (r.rowCount === 0) return undefined;
    return { permissions: await this.held(identityId, [{ namespace: 'Project', object: projectId }]) };
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
    const targets: Target[] = [{ namespace: 'Installation', object: INSTALLATION_OBJECT }];
    if (scope) {
      const r = await this.db.query<{ org_id: string | null; project_id: string | null }>(
        `SELECT o.id AS org_id, p.id AS project_id
         FROM (SELECT $1::uuid AS org_id, $2::uuid AS project_id) wanted
         LEFT JOIN projects p ON p.id = wanted.project_id
         LEFT JOIN orgs o ON o.id = coalesce(p.org_id, wanted.org_id)`,
        [scope.orgId ?? null, scope.projectId ?? null],
      );
      const row = r.rows[0]!;
      if (scope.projectId && !row.project_id) return { missing: 'project', id: scope.projectId };
      if (!row.org_id) return { missing: 'organisation', id: scope.orgId ?? scope.projectId };
      if (row.project_id) targets.push({ namespace: 'Project', object: row.project_id });
      targets.push({ namespace: 'Organisation', object: row.org_id });
    }
    return { permissions: new Set(await this.held(identityId, targets)) };
  }
}

/** The answer shape of the three permission routes: entries carry an id. */
export const asEntries = (ids: readonly PermissionId[]) => ids.map((id) => ({ id }));
