/**
 * The one permission hook of the signed-in areas: the caller's three lists for an organisation
 * (and a project) from `/bff/permissions`, checked with the same rule the gateway applies
 * (shared/permission-check.ts). It only decides what the screen offers; the gateway decides
 * what happens.
 */
import { useQuery } from '@tanstack/react-query';
import { checkPermissions, type PermissionLists } from '../../shared/permission-check.js';
import type { PermissionId } from '../../shared/permission-ids.js';
import { request } from '../lib/http.js';

/** The gateway caches the lists for 2 minutes; asking more often would only hit its cache. */
const PERMISSIONS_STALE_MS = 2 * 60 * 1000;

export interface PermissionScope {
  orgId?: string | null;
  projectId?: string | null;
  /**
   * The installation's administration, read as the gateway reads its `user`-scope routes: the
   * caller's own list alone, no organisation needed (a global administrator may belong to none).
   */
  installation?: boolean;
}

/** The scope of the installation's administration pages. */
export const INSTALLATION_SCOPE: PermissionScope = Object.freeze({ installation: true });

const NO_LIST: ReadonlySet<string> = new Set();

interface ListsResponse {
  user: string[];
  organization: string[] | null;
  project: string[] | null;
}

export const permissionKeys = {
  all: ['permissions'] as const,
  scope: (scope: PermissionScope) => [...permissionKeys.all, scope.orgId ?? null, scope.projectId ?? null] as const,
};

export interface Permissions {
  /** True while the lists are loading: offer nothing yet rather than flash forbidden items. */
  isPending: boolean;
  can: (ids: PermissionId | readonly PermissionId[]) => boolean;
}

export function usePermissions(requested: PermissionScope): Permissions {
  const scope = requested.installation ? {} : requested;
  const query = useQuery({
    queryKey: permissionKeys.scope(scope),
    queryFn: async ({ signal }) => {
      const params = { orgId: scope.orgId ?? undefined, projectId: scope.projectId ?? undefined };
      return (await request<ListsResponse>('/bff/permissions', { params, signal })).data;
    },
    staleTime: PERMISSIONS_STALE_MS,
  });
  const lists: PermissionLists = {
    user: query.data ? new Set(query.data.user) : null,
    organization: query.data?.organization ? new Set(query.data.organization) : requested.installation && query.data ? NO_LIST : null,
    project: query.data?.project ? new Set(query.data.project) : null,
  };
  return {
    isPending: query.isPending,
    can: (ids) => checkPermissions(lists, ids).allowed,
  };
}
