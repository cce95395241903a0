import { describe, expect, it } from 'vitest';
import type { Photo } from '../../web/lib/api-types.js';
import { photoName } from '../../web/survey/photos/photo-name.js';
import { groupByWalk, numberPhotos } from '../../web/survey/photos/photo-order.js';

function photo(id: string, createdAt: string, trackId: string | null, caption = ''): Photo {
  return {
    id,
    floorId: 'f',
    trackId,
    x: 1,
    y: 2,
    caption,
    fileName: `${id}.jpg`,
    mediaType: 'image/jpeg',
    byteSize: 1,
    width: 4,
    height: 3,
    url: `/api/photos/${id}/image`,
    createdBy: null,
    createdAt,
  };
}

// As the API answers: newest first.
const photos = [
  photo('d', '2026-03-04T10:00:00.000Z', 'gone'),
  photo('c', '2026-03-03T10:00:00.000Z', null),
  photo('b', '2026-03-02T10:00:00.000Z', 'walk-2'),
  photo('a', '2026-03-01T10:00:00.000Z', 'walk-1'),
];
const walks = [
  { id: 'walk-1', name: 'Morning' },
  { id: 'walk-2', name: 'Evening' },
  { id: 'walk-3', name: 'Empty' },
];

describe('photos on the floor page', () => {
  it('are numbered oldest first, so a number stays as photos are added', () => {
    expect(numberPhotos(photos).map((p) => [p.photo.id, p.number])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    expect(numberPhotos([photo('e', '2026-03-05T10:00:00.000Z', null), ...photos]).find((p) => p.photo.id === 'b')!.number).toBe(2);
  });

  it('are grouped by walk in the walks’ order, walkless and unknown walks last, empty walks left out', () => {
    const groups = groupByWalk(numberPhotos(photos), walks);
    expect(groups.map((g) => [g.track?.name ?? null, g.photos.map((p) => p.number)])).toEqual([
      ['Morning', [1]],
      ['Evening', [2]],
      [null, [3, 4]],
    ]);
    expect(groupByWalk([], walks)).toEqual([]);
  });

  it('are named by number and caption, a long caption shortened', () => {
    const t = (key: string, o?: Record<string, unknown>) => `${key}|${String(o?.number)}|${String(o?.caption)}`;
    expect(photoName(t, { photo: photo('a', '', null, '  Riser\n cupboard '), number: 3 })).toBe('survey.photos.named|3|Riser cupboard');
    expect(photoName(t, { photo: photo('a', '', null, '   '), number: 4 })).toBe('survey.photos.unnamed|4|undefined');
    const long = photoName(t, { photo: photo('a', '', null, 'x'.repeat(200)), number: 5 }).split('|')[2]!;
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
