/** The shared project a link opens, read on every visit (a revoked link must say so at once). */
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../lib/api-client.js';

export const shareKeys = {
  project: (token: string) => ['share', token, 'project'] as const,
};

export function useSharedProject(token: string) {
  return useQuery({
    queryKey: shareKeys.project(token),
    queryFn: ({ signal }) => dataOf(api.GET('/api/share/{shareToken}', { params: { path: { shareToken: token } }, signal }), signal),
  });
}
