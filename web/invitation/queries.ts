/** An invitation as its link shows it, and the three ways to answer it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../lib/api-client.js';
import { orgKeys } from '../shell/org-queries.js';

export const invitationKeys = {
  all: ['invitation'] as const,
  detail: (token: string) => [...invitationKeys.all, token] as const,
};

export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKeys.detail(token),
    queryFn: ({ signal }) => dataOf(api.GET('/api/validate', { params: { query: { token } }, signal }), signal),
    enabled: token.length > 0,
  });
}

/** After an answer the invitation's state and the caller's organisations are read again. */
function useAfterAnswer(token: string) {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: invitationKeys.detail(token) }), client.invalidateQueries({ queryKey: orgKeys.all })]);
  };
}

export function useJoin(token: string) {
  const after = useAfterAnswer(token);
  return useMutation({
    mutationFn: (accept: boolean) => dataOf(api.POST('/api/join', { body: { token, accept } })),
    onSuccess: after,
  });
}

export function useRegisterAndJoin(token: string) {
  return useMutation({
    mutationFn: (body: { password: string; firstName: string; lastName: string }) => dataOf(api.POST('/api/register', { body: { token, ...body } })),
  });
}
