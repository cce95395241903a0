/**
 * The permission service's API as the Permissions screens call it under `/.ory` (Keto's paths),
 * with the global administrator's session: namespaces, the model's syntax check, relationships
 * page by page, adding and deleting them, checks and expand trees. A write makes every read of
 * relationships, checks and trees stale, so they share one key prefix.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.js';
import { platformKeys } from '../queries.js';
import type { KetoSyntaxError } from './opl-position.js';
import type { ExpandTree, RelationTuple, TuplePage } from './relation-tuples.js';
import { tupleParams } from './relation-tuples.js';

/** Query parameters as Keto reads them; undefined ones are left out (an empty string is a value: `User:ana#`). */
export type KetoParams = Record<string, string | number | undefined>;

/** Rows per page of the relationships list. */
export const TUPLES_PAGE_SIZE = 20;

export const permissionServiceKeys = {
  all: [...platformKeys.all, 'permission-service'] as const,
  namespaces: () => [...permissionServiceKeys.all, 'namespaces'] as const,
  syntax: (text: string) => [...permissionServiceKeys.all, 'syntax', text] as const,
  /** Everything a relationship's write changes. */
  relationships: () => [...permissionServiceKeys.all, 'relationships'] as const,
  tuples: (filter: KetoParams, pageToken: string) => [...permissionServiceKeys.relationships(), 'tuples', filter, pageToken] as const,
  check: (params: KetoParams) => [...permissionServiceKeys.relationships(), 'check', params] as const,
  expand: (params: KetoParams) => [...permissionServiceKeys.relationships(), 'expand', params] as const,
};

export function useNamespaces() {
  return useQuery({
    queryKey: permissionServiceKeys.namespaces(),
    queryFn: async ({ signal }) => (await request<{ namespaces: { name: string }[] }>('/.ory/namespaces', { signal })).data.namespaces.map((n) => n.name),
  });
}

/** The service's syntax and type check of a model's text; `null` (nothing asked) while there is no text. */
export function useSyntaxCheck(text: string | null) {
  return useQuery({
    queryKey: permissionServiceKeys.syntax(text ?? ''),
    queryFn: async ({ signal }) => (await request<{ errors?: KetoSyntaxError[] }>('/.ory/opl/syntax/check', { method: 'POST', text: text ?? '', signal })).data.errors ?? [],
    enabled: text !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useTuples(filter: KetoParams, pageToken: string) {
  return useQuery({
    queryKey: permissionServiceKeys.tuples(filter, pageToken),
    queryFn: async ({ signal }) =>
      (await request<TuplePage>('/.ory/relation-tuples', { params: { ...filter, page_size: TUPLES_PAGE_SIZE, page_token: pageToken || undefined }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Whether the subject has the relation; `null` asks nothing. The `/openapi` form answers 200 for both. */
export function useCheck(params: KetoParams | null) {
  return useQuery({
    queryKey: permissionServiceKeys.check(params ?? {}),
    queryFn: async ({ signal }) => (await request<{ allowed: boolean }>('/.ory/relation-tuples/check/openapi', { params: params ?? {}, signal })).data.allowed,
    enabled: params !== null,
  });
}

export function useExpand(params: KetoParams | null) {
  return useQuery({
    queryKey: permissionServiceKeys.expand(params ?? {}),
    queryFn: async ({ signal }) => (await request<ExpandTree>('/.ory/relation-tuples/expand', { params: params ?? {}, signal })).data,
    enabled: params !== null,
  });
}

export function useAddTuple() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tuple: RelationTuple) => request<RelationTuple>('/.ory/admin/relation-tuples', { method: 'PUT', body: tuple }),
    onSuccess: () => client.invalidateQueries({ queryKey: permissionServiceKeys.relationships() }),
  });
}

/** Deletes exactly this relationship: its every part is in the filter. */
export function useDeleteTuple() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tuple: RelationTuple) => request('/.ory/admin/relation-tuples', { method: 'DELETE', params: tupleParams(tuple) }),
    onSettled: () => client.invalidateQueries({ queryKey: permissionServiceKeys.relationships() }),
  });
}

/** A saved model changes the namespaces and what checks and trees answer. */
export function useModelSaved() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: permissionServiceKeys.namespaces() }), client.invalidateQueries({ queryKey: permissionServiceKeys.relationships() })]);
}
