/**
 * Migration 15 of the API schema: a floor plan's georeference, the control points that tie its
 * pixels to latitude/longitude (shared/geo/georeference.ts). Read and replaced as one set, as the
 * walls are, so they live beside the plan in one jsonb value.
 */
import type { Migration } from '../../db/migrate.js';

export const floorplanGeoreferenceMigration: Migration = {
  version: 15,
  name: 'floor plan georeference: control points pixel ↔ latitude/longitude',
  up: `ALTER TABLE floorplans ADD COLUMN control_points jsonb NOT NULL DEFAULT '[]'::jsonb;`,
};
