/**
 * A processed walk's grids as the heatmap code takes them (shared/heatmap), read straight from
 * the stored bytes: the same decoding and the same views as the browser's viewer, without the
 * base64 detour of the datasets answer. Held for one walk at a time.
 */
import { layerFromBytes } from '../../../shared/heatmap/grid-values.js';
import { trackLayers, type TrackLayers } from '../../../shared/heatmap/track-layers.js';
import type { Dataset } from '../../../shared/heatmap/wire-types.js';
import type { Queryable } from '../../db/database.js';
import { datasetBytes, datasetSource, trackDatasets } from '../tracks/datasets.js';
import type { Walk } from './report-data.js';

export async function walkLayers(db: Queryable, walk: Walk): Promise<TrackLayers> {
  const page = await trackDatasets(db, walk.id, walk.result, { includeValues: false }, { page: 1, perPage: Number.MAX_SAFE_INTEGER });
  const bytes = new Map<string, Uint8Array>();
  for (const d of page.items) bytes.set(d.id, await datasetBytes(db, walk.id, datasetSource(d)));
  return trackLayers([page], (d: Dataset, grid) => layerFromBytes(d, grid, bytes.get(d.id)!));
}
