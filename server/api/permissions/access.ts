/**
 * "Why may Ana update this project?": each permission id of a project, whether the person holds
 * it, and the way the engine found in — from the permit down to the relationship that lets the
 * person in — with the names of the people, organisations and projects on the way as they are now.
 */
import type { Queryable } from '../../db/database.js';
import type { PathStep } from '../../permissions/engine/outcome.js';
import type { Subject } from '../../permissions/tuple.js';
import type { PermissionId } from '../../../shared/permission-ids.js';
import type { RolePermissions } from './lists.js';

export interface AccessObject {
  namespace: string;
  object: string;
  relation: string;
}

export interface AccessStep extends AccessObject {
  via: PathStep['via'];
  /** What the relationship stored here holds: the person, or a subject set. */
  holds?: { id: string } | AccessObject;
}

export interface PermissionAccess {
  id: PermissionId;
  allowed: boolean;
  path: AccessStep[];
}

export interface ProjectAccess {
  projectId: string;
  identityId: string;
  permissions: PermissionAccess[];
  /** Display names by `Namespace:object`, for every person, organisation and project on a path. */
  names: Record<string, string>;
}

const holdsOf = (subject: Subject): AccessStep['holds'] => ('id' in subject ? { id: subject.id } : { ...subject.set });

export async function projectAccess(db: Queryable, roles: RolePermissions, projectId: string, identityId: string): Promise<ProjectAccess> {
  const outcomes = await roles.explainProject(projectId, identityId);
  const permissions = outcomes.map(({ id, outcome }) => ({
    id,
    allowed: outcome.membership === 'member',
    path:
      outcome.membership === 'member' ? (outcome.path ?? []).map((step) => ({ ...step.set, via: step.via, ...(step.tuple ? { holds: holdsOf(step.tuple.subject) } : {}) })) : [],
  }));
  const wanted = new Map<string, Set<string>>([
    ['Identity', new Set([identityId])],
    ['Organisation', new Set()],
    ['Project', new Set([projectId])],
  ]);
  for (const { path } of permissions) {
    for (const step of path) {
      wanted.get(step.namespace)?.add(step.object);
      if (step.holds && 'namespace' in step.holds) wanted.get(step.holds.namespace)?.add(step.holds.object);
    }
  }
  return { projectId, identityId, permissions, names: await namesOf(db, wanted) };
}

async function namesOf(db: Queryable, wanted: Map<string, Set<string>>): Promise<Record<string, string>> {
  const r = await db.query<{ key: string; name: string }>(
    `SELECT 'Identity:' || identity_id AS key, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name FROM users WHERE identity_id = ANY($1::uuid[])
     UNION ALL SELECT 'Organisation:' || id, name FROM orgs WHERE id = ANY($2::uuid[])
     UNION ALL SELECT 'Project:' || id, name FROM projects WHERE id = ANY($3::uuid[])`,
    [[...wanted.get('Identity')!], [...wanted.get('Organisation')!], [...wanted.get('Project')!]],
  );
  return Object.fromEntries(r.rows.map((row) => [row.key, row.name]));
}
