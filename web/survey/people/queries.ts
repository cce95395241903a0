/** A project's people and their roles, the organisation's users to add from, and the changes a manager makes. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { ProjectRole } from '../../lib/api-types.js';
import { permissionKeys } from '../../shell/use-permissions.js';
import { USER_PICKER_SHOWN, type UserSource } from '../../ui/form/UserPicker.js';
import { projectKeys } from '../projects/queries.js';

export const PROJECT_ROLES: readonly ProjectRole[] = ['manager', 'surveyor', 'viewer'];

export interface PeopleListQuery {
  page: number;
  perPage: number;
}

export const peopleKeys = {
  all: ['project-people'] as const,
  lists: (projectId: string) => [...peopleKeys.all, 'list', projectId] as const,
  list: (projectId: string, query: PeopleListQuery) => [...peopleKeys.lists(projectId), query] as const,
  candidates: (orgId: string, q: string) => [...peopleKeys.all, 'candidates', orgId, q] as const,
  accesses: (projectId: string) => [...peopleKeys.all, 'access', projectId] as const,
  access: (projectId: string, userId: string) => [...peopleKeys.accesses(projectId), userId] as const,
};

export function useProjectPeople(projectId: string, query: PeopleListQuery) {
  return useQuery({
    queryKey: peopleKeys.list(projectId, query),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/projects/{projectId}/users', { params: { path: { projectId }, query: { page: query.page, per_page: query.perPage } }, signal }), signal),
    // Tables key their rows by `id`; a row is one person of this project.
    select: (page) => ({ ...page, items: page.items.map((member) => ({ ...member, id: member.userId })) }),
    placeholderData: keepPreviousData,
  });
}

/** What one person may do in the project, and why. */
export function usePersonAccess(projectId: string, userId: string) {
  return useQuery({
    queryKey: peopleKeys.access(projectId, userId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/projects/{projectId}/users/{userId}/access', { params: { path: { projectId, userId } }, signal }), signal),
  });
}

/** Who can be added: the organisation's users. */
export function organisationUsers(orgId: string): UserSource {
  return {
    key: (q) => peopleKeys.candidates(orgId, q),
    search: async (q, signal) => {
      const page = await dataOf(api.GET('/api/orgs/{orgId}/users', { params: { path: { orgId }, query: { q: q || undefined, per_page: USER_PICKER_SHOWN } }, signal }), signal);
      return page.items.map((user) => ({ ...user, id: user.userId }));
    },
  };
}

/** Any change may change what the caller may do (their own row), and the project's head count. */
function useRefreshPeople(projectId: string) {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: peopleKeys.lists(projectId) }),
      client.invalidateQueries({ queryKey: peopleKeys.accesses(projectId) }),
      client.invalidateQueries({ queryKey: projectKeys.stats(projectId) }),
      client.invalidateQueries({ queryKey: permissionKeys.all }),
    ]);
  };
}

export function useAddPerson(projectId: string) {
  const refresh = useRefreshPeople(projectId);
  return useMutation({
    mutationFn: (body: { userId: string; role: ProjectRole }) => dataOf(api.POST('/api/projects/{projectId}/users', { params: { path: { projectId } }, body })),
    // A refusal (already in the project, gone from the organisation) means the list shown is stale too.
    onSettled: refresh,
  });
}

export function useChangePersonRole(projectId: string) {
  const refresh = useRefreshPeople(projectId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ProjectRole }) =>
      dataOf(api.PUT('/api/projects/{projectId}/users/{userId}', { params: { path: { projectId, userId } }, body: { role } })),
    onSettled: refresh,
  });
}

export function useRemovePerson(projectId: string) {
  const refresh = useRefreshPeople(projectId);
  return useMutation({
    mutationFn: (userId: string) => dataOf(api.DELETE('/api/projects/{projectId}/users/{userId}', { params: { path: { projectId, userId } } })),
    onSuccess: refresh,
  });
}
