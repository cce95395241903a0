/**
 * Migration 5 of the API schema: a track may come from an Ekahau project, a WiGLE file or a scan
 * log as well as from our CSV and JSON, and its row says which.
 */
import type { Migration } from '../../db/migrate.js';

export const trackFormatsMigration: Migration = {
  version: 5,
  name: 'track formats: esx, wigle, scanlog',
  up: `
      ALTER TABLE tracks DROP CONSTRAINT tracks_format_check;
      ALTER TABLE tracks ADD CONSTRAINT tracks_format_check CHECK (format IN ('csv', 'json', 'esx', 'wigle', 'scanlog'));
  `,
};
