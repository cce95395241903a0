/** Every organisation of the installation, as global administrators manage them. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { orgKeys } from '../../shell/org-queries.js';
import { permissionKeys } from '../../shell/use-permissions.js';
import { orgBody, type OrgFormValues } from './org-form.js';

export const ALL_ORG_SORTS = ['name', 'created'] as const;
export type AllOrgSort = (typeof ALL_ORG_SORTS)[number];

export interface AllOrgsQuery {
  q: string;
  sort: AllOrgSort;
  page: number;
  perPage: number;
}

export const allOrgKeys = {
  all: [...orgKeys.all, 'every'] as const,
  list: (query: AllOrgsQuery) => [...allOrgKeys.all, query] as const,
};

export function useAllOrgs(query: AllOrgsQuery) {
  return useQuery({
    queryKey: allOrgKeys.list(query),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/admin/orgs', { params: { query: { q: query.q || undefined, sort: query.sort, page: query.page, per_page: query.perPage } }, signal }), signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreateOrg() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, ownerId }: { values: OrgFormValues; ownerId: string | null }) =>
      dataOf(api.POST('/api/admin/orgs', { body: { ...orgBody(values), ...(ownerId ? { ownerId } : {}) } })),
    onSuccess: () => client.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

/** Joining to support an organisation: the switcher and the permissions change with it. */
export function useJoinOrg() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orgId: string) => dataOf(api.POST('/api/admin/orgs/{orgId}/join', { params: { path: { orgId } }, body: { role: 'admin' } })),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: orgKeys.all }), client.invalidateQueries({ queryKey: permissionKeys.all })]);
    },
  });
}
