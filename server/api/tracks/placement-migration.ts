/**
 * Migration 14 of the API schema: a track may be unplaced — a scan log without positions, whose
 * samples wait for the user to place the walk on the floor page (tracks/placement.ts).
 */
import type { Migration } from '../../db/migrate.js';

export const trackPlacementMigration: Migration = {
  version: 14,
  name: 'tracks: unplaced walks',
  up: `ALTER TABLE tracks ADD COLUMN placed boolean NOT NULL DEFAULT true;`,
};
