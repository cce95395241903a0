/**
 * Migration 10 of the API schema: each network keeps its predicted layer beside its measured grid,
 * whole dBm in a signed byte and the stated σ in tenths of a dB in an unsigned byte per cell.
 */
import type { Migration } from '../../db/migrate.js';

export const predictedLayerMigration: Migration = {
  version: 10,
  name: 'track networks: predicted layer and its sigma',
  up: `
      ALTER TABLE track_networks ADD COLUMN predicted bytea;
      ALTER TABLE track_networks ADD COLUMN predicted_sigma bytea;
  `,
};
