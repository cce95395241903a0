/**
 * A floor's photos: one list for the whole floor (pins and the list beside the walks read the
 * same answer), and the changes made from the plan. A move shows at once and is undone if the
 * API refuses it, so a dragged pin never jumps back while the request is on its way.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { ApiPage, Photo, PhotoChange } from '../../lib/api-types.js';
import { floorKeys } from '../floor/queries.js';
import { useSurveySource } from '../survey-source.js';

/** The API's largest page; a floor with more photos shows its newest 100. */
const ALL = 100;

export const photoKeys = {
  floor: (floorId: string) => [...floorKeys.detail(floorId), 'photos'] as const,
};

export function useFloorPhotos(floorId: string) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...photoKeys.floor(floorId)],
    queryFn: ({ signal }) => source.photos(floorId, ALL, signal),
  });
}

export function useChangePhoto(floorId: string) {
  const client = useQueryClient();
  const key = photoKeys.floor(floorId);
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: PhotoChange }) => dataOf(api.PUT('/api/photos/{photoId}', { params: { path: { photoId: id } }, body: change })),
    onMutate: async ({ id, change }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ApiPage<Photo>>(key);
      if (before) client.setQueryData<ApiPage<Photo>>(key, { ...before, items: before.items.map((p) => (p.id === id ? { ...p, ...change } : p)) });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeletePhoto(floorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dataOf(api.DELETE('/api/photos/{photoId}', { params: { path: { photoId: id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: photoKeys.floor(floorId) }),
  });
}
