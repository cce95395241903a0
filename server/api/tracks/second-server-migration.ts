/**
 * Migration 6 of the API schema: a processed layer keeps its second-best server's signal, so the
 * secondary-signal view and requirement read what processing judged instead of recomputing it
 * from the networks' grids. Layers processed before it have none until processed again.
 */
import type { Migration } from '../../db/migrate.js';

export const secondServerMigration: Migration = {
  version: 6,
  name: 'track layers: second-best server signal',
  up: `ALTER TABLE track_layers ADD COLUMN second bytea;`,
};
