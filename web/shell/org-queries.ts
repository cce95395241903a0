/** The caller's organisations, as the organisation switcher and the landing page need them. */
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../lib/api-client.js';

/** The API's page size limit: the switcher shows every organisation a person belongs to. */
const SWITCHER_PAGE_SIZE = 100;

export const orgKeys = {
  all: ['orgs'] as const,
  mine: () => [...orgKeys.all, 'mine'] as const,
  detail: (orgId: string) => [...orgKeys.all, 'detail', orgId] as const,
};

export function useMyOrganizations() {
  return useQuery({
    queryKey: orgKeys.mine(),
    queryFn: ({ signal }) => dataOf(api.GET('/api/orgs', { params: { query: { sort: 'name', per_page: SWITCHER_PAGE_SIZE } }, signal }), signal),
  });
}
