/**
 * Migration 13 of the API schema: scan logs are processed again, so that those read with the old
 * `q − 120` nmcli mapping are corrected and their heatmaps redrawn (processing/nmcli-levels.ts).
 * Tracks never processed are corrected when they first are.
 */
import type { Migration } from '../../db/migrate.js';

export const nmcliLevelsMigration: Migration = {
  version: 13,
  name: "scan logs: processed again with NetworkManager's signal mapping",
  up: `UPDATE tracks SET status = 'queued', queued_at = now(), updated_at = now() WHERE format = 'scanlog' AND status IN ('processed', 'failed');`,
};
