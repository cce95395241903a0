/** Migration 12 of the API schema: the audit trail (server/audit/chain.ts). */
import type { Migration } from '../../db/migrate.js';
import { AUDIT_STORE_SQL } from '../../audit/chain.js';

export const auditTrailMigration: Migration = {
  version: 12,
  name: 'audit trail: hash-chained, append-only events',
  up: AUDIT_STORE_SQL,
};
