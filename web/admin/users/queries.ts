/** The installation's users as global administrators manage them. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { GlobalRole, UserChange, UserState } from '../../lib/api-types.js';
import { USER_PICKER_SHOWN, type UserSource } from '../../ui/form/UserPicker.js';

export const GLOBAL_ROLES: readonly GlobalRole[] = ['admin', 'user'];
export const USER_STATES: readonly UserState[] = ['active', 'inactive'];

export interface UserListQuery {
  q: string;
  globalRole: GlobalRole | '';
  state: UserState | '';
  page: number;
  perPage: number;
}

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => [...userKeys.all, 'list', query] as const,
  search: (q: string) => [...userKeys.all, 'search', q] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
  projects: (userId: string) => [...userKeys.detail(userId), 'projects'] as const,
  access: (userId: string, projectId: string) => [...userKeys.detail(userId), 'access', projectId] as const,
};

/** The installation's users, for the user picker (global administrators only). */
export const installationUsers: UserSource = {
  key: userKeys.search,
  search: async (q, signal) => (await dataOf(api.GET('/api/admin/users', { params: { query: { q: q || undefined, per_page: USER_PICKER_SHOWN } }, signal }), signal)).items,
};

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/admin/users', {
          params: { query: { q: query.q || undefined, globalRole: query.globalRole || undefined, state: query.state || undefined, page: query.page, per_page: query.perPage } },
          signal,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; firstName: string; lastName: string; password?: string; globalRole: GlobalRole; verified: boolean }) =>
      dataOf(api.POST('/api/admin/users', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserChange) => dataOf(api.PUT('/api/admin/users/{userId}', { params: { path: { userId } }, body })),
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(userId), user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useRecovery(userId: string) {
  return useMutation({
    mutationFn: (body: { method: 'link' | 'code'; expiresIn: string }) => dataOf(api.PUT('/api/admin/users/{userId}/recovery', { params: { path: { userId } }, body })),
  });
}

/** The projects a person may see (at most 200, by organisation and name), to explain their access to one. */
export function useReadableProjects(userId: string) {
  return useQuery({
    queryKey: userKeys.projects(userId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/users/{userId}/projects', { params: { path: { userId } }, signal }), signal),
  });
}

/** What a person may do in a project, and why; waits for a project to be chosen. */
export function useUserAccess(userId: string, projectId: string | null) {
  return useQuery({
    queryKey: userKeys.access(userId, projectId ?? ''),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/users/{userId}/access', { params: { path: { userId }, query: { projectId: projectId! } }, signal }), signal),
    enabled: projectId !== null,
  });
}
