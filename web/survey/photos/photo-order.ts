/**
 * How photos are counted and grouped on the floor page: numbered oldest first, so a photo keeps
 * its number on the plan and in the list as others are added, and grouped by the walk they were
 * taken on, in the walks' own order, photos of no walk last.
 */
import type { Photo } from '../../lib/api-types.js';

export interface NumberedPhoto {
  photo: Photo;
  number: number;
}

export interface WalkGroup {
  /** Null for the photos that belong to no walk. */
  track: { id: string; name: string } | null;
  photos: NumberedPhoto[];
}

export function numberPhotos(photos: readonly Photo[]): NumberedPhoto[] {
  return [...photos].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).map((photo, i) => ({ photo, number: i + 1 }));
}

export function groupByWalk(photos: readonly NumberedPhoto[], tracks: readonly { id: string; name: string }[]): WalkGroup[] {
  const groups: WalkGroup[] = tracks.map((track) => ({ track: { id: track.id, name: track.name }, photos: photos.filter((p) => p.photo.trackId === track.id) }));
  const known = new Set(tracks.map((track) => track.id));
  groups.push({ track: null, photos: photos.filter((p) => p.photo.trackId === null || !known.has(p.photo.trackId)) });
  return groups.filter((group) => group.photos.length > 0);
}
