/**
 * The embedded OAuth2 provider as global administrators manage it: applications (its clients),
 * the applications a user granted access, the issuers whose jwt-bearer assertions it trusts, and
 * the keys it signs ID tokens with.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { OAuth2ApplicationInput, TrustedIssuerInput } from '../../lib/api-types.js';
import { shouldRetry } from '../../lib/query-client.js';
import { errorStatus } from '../../ui/QueryError.js';

export const APPLICATIONS_PER_PAGE = 25;

export const oauth2Keys = {
  all: ['oauth2'] as const,
  applications: () => [...oauth2Keys.all, 'applications'] as const,
  list: (name: string, pageToken: string | undefined) => [...oauth2Keys.applications(), 'list', name, pageToken ?? null] as const,
  detail: (clientId: string) => [...oauth2Keys.applications(), 'detail', clientId] as const,
  issuers: () => [...oauth2Keys.all, 'issuers'] as const,
  grants: (userId: string) => [...oauth2Keys.all, 'grants', userId] as const,
  signingKeys: () => [...oauth2Keys.all, 'signing-keys'] as const,
};

/** 503: no provider is configured. Asking again does not configure one, so the screen says so at once. */
export const notConfigured = (error: unknown) => errorStatus(error) === 503;
const retry = (failures: number, error: unknown) => !notConfigured(error) && shouldRetry(failures, error);

export function useApplications(name: string, pageToken: string | undefined) {
  return useQuery({
    queryKey: oauth2Keys.list(name, pageToken),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/admin/oauth2/applications', { params: { query: { name: name || undefined, pageToken, pageSize: APPLICATIONS_PER_PAGE } }, signal }), signal),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useApplication(clientId: string) {
  return useQuery({
    queryKey: oauth2Keys.detail(clientId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/oauth2/applications/{clientId}', { params: { path: { clientId } }, signal }), signal),
    retry,
  });
}

export function useCreateApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OAuth2ApplicationInput) => dataOf(api.POST('/api/admin/oauth2/applications', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: oauth2Keys.applications() }),
  });
}

export function useUpdateApplication(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OAuth2ApplicationInput) => dataOf(api.PUT('/api/admin/oauth2/applications/{clientId}', { params: { path: { clientId } }, body })),
    onSuccess: (application) => {
      client.setQueryData(oauth2Keys.detail(clientId), application);
      return client.invalidateQueries({ queryKey: oauth2Keys.applications() });
    },
  });
}

export function useDeleteApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => dataOf(api.DELETE('/api/admin/oauth2/applications/{clientId}', { params: { path: { clientId } } })),
    onSuccess: (_, clientId) => {
      client.removeQueries({ queryKey: oauth2Keys.detail(clientId) });
      return client.invalidateQueries({ queryKey: oauth2Keys.all });
    },
  });
}

export function useNewSecret(clientId: string) {
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/admin/oauth2/applications/{clientId}/secret', { params: { path: { clientId } } })),
  });
}

export function useTrustedIssuers() {
  return useQuery({
    queryKey: oauth2Keys.issuers(),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/oauth2/issuers', { signal }), signal),
    retry,
  });
}

export function useTrustIssuer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TrustedIssuerInput) => dataOf(api.POST('/api/admin/oauth2/issuers', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: oauth2Keys.issuers() }),
  });
}

export function useDeleteIssuer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (issuerId: string) => dataOf(api.DELETE('/api/admin/oauth2/issuers/{issuerId}', { params: { path: { issuerId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: oauth2Keys.issuers() }),
  });
}

export function useGrantedApplications(userId: string) {
  return useQuery({
    queryKey: oauth2Keys.grants(userId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/oauth2/users/{userId}/applications', { params: { path: { userId } }, signal }), signal),
    retry,
  });
}

/** Revokes one application's access (with `clientId`) or every application's. */
export function useRevokeGrant(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string | null) =>
      clientId
        ? dataOf(api.DELETE('/api/admin/oauth2/users/{userId}/applications/{clientId}', { params: { path: { userId, clientId } } }))
        : dataOf(api.DELETE('/api/admin/oauth2/users/{userId}/applications', { params: { path: { userId } } })),
    onSettled: () => client.invalidateQueries({ queryKey: oauth2Keys.grants(userId) }),
  });
}

export function useSigningKeys() {
  return useQuery({
    queryKey: oauth2Keys.signingKeys(),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/oauth2/signing-keys', { signal }), signal),
    retry,
  });
}

/** The answer is the keys after the rotation: shown at once, without asking again. */
export function useRotateSigningKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/admin/oauth2/signing-keys')),
    onSuccess: (keys) => client.setQueryData(oauth2Keys.signingKeys(), keys),
  });
}
