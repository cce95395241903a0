/** A project's contacts, one page at a time, and adding, changing and deleting them. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { NewContact } from '../../lib/api-types.js';
import { pageQuery } from '../../lib/list-params.js';

export interface ContactListQuery {
  q: string;
  page: number;
  perPage: number;
}

export const contactKeys = {
  all: ['contacts'] as const,
  lists: (projectId: string) => [...contactKeys.all, 'list', projectId] as const,
  list: (projectId: string, query: ContactListQuery) => [...contactKeys.lists(projectId), query] as const,
};

export function useContacts(projectId: string, query: ContactListQuery) {
  return useQuery({
    queryKey: contactKeys.list(projectId, query),
    queryFn: ({ signal }) => dataOf(api.GET('/api/projects/{projectId}/contacts', { params: { path: { projectId }, query: pageQuery(query) }, signal }), signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreateContact(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewContact) => dataOf(api.POST('/api/projects/{projectId}/contacts', { params: { path: { projectId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.lists(projectId) }),
  });
}

export function useUpdateContact(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, body }: { contactId: string; body: NewContact }) => dataOf(api.PUT('/api/contacts/{contactId}', { params: { path: { contactId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.lists(projectId) }),
  });
}

export function useDeleteContact(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) => dataOf(api.DELETE('/api/contacts/{contactId}', { params: { path: { contactId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.lists(projectId) }),
  });
}
