/** An organisation's members and invitations, and the changes an owner or administrator makes to them. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { InviteStatus, OrgRole } from '../../lib/api-types.js';
import { permissionKeys } from '../../shell/use-permissions.js';

export const ORG_ROLES: readonly OrgRole[] = ['owner', 'admin', 'member', 'viewer'];
export const INVITE_STATUS_FILTERS = ['', 'pending', 'accepted', 'declined', 'expired', 'cancelled', 'removed'] as const;

export interface MemberListQuery {
  q: string;
  role: OrgRole | '';
  page: number;
  perPage: number;
}

export interface InviteListQuery {
  q: string;
  status: InviteStatus | '';
  page: number;
  perPage: number;
}

export const memberKeys = {
  all: ['members'] as const,
  list: (orgId: string, query: MemberListQuery) => [...memberKeys.all, orgId, query] as const,
};

export const inviteKeys = {
  all: ['invites'] as const,
  list: (orgId: string, query: InviteListQuery) => [...inviteKeys.all, orgId, query] as const,
};

export function useMembers(orgId: string, query: MemberListQuery) {
  return useQuery({
    queryKey: memberKeys.list(orgId, query),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/orgs/{orgId}/users', {
          params: { path: { orgId }, query: { q: query.q || undefined, role: query.role || undefined, page: query.page, per_page: query.perPage } },
          signal,
        }),
        signal,
      ),
    // Tables key their rows by `id`; a member is one user of this organisation.
    select: (page) => ({ ...page, items: page.items.map((member) => ({ ...member, id: member.userId })) }),
    placeholderData: keepPreviousData,
  });
}

export function useInvites(orgId: string, query: InviteListQuery) {
  return useQuery({
    queryKey: inviteKeys.list(orgId, query),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/orgs/{orgId}/invites', {
          params: { path: { orgId }, query: { q: query.q || undefined, status: query.status || undefined, page: query.page, per_page: query.perPage } },
          signal,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** A role change or removal may change what the caller may do as well (their own row). */
function useRefreshMembers() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: memberKeys.all }), client.invalidateQueries({ queryKey: permissionKeys.all })]);
  };
}

export function useChangeRole(orgId: string) {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: OrgRole }) =>
      dataOf(api.PUT('/api/orgs/{orgId}/users/{userId}', { params: { path: { orgId, userId } }, body: { role } })),
    onSettled: refresh,
  });
}

export function useRemoveMember(orgId: string) {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (userId: string) => dataOf(api.DELETE('/api/orgs/{orgId}/users/{userId}', { params: { path: { orgId, userId } } })),
    onSuccess: refresh,
  });
}

export function useInvite(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: OrgRole }) => dataOf(api.POST('/api/orgs/{orgId}/invite', { params: { path: { orgId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}

export function useCancelInvite(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => dataOf(api.DELETE('/api/orgs/{orgId}/invites/{inviteId}', { params: { path: { orgId, inviteId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
