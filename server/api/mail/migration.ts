/**
 * Migration 4 of the API schema: the outbox is delivered. Each row keeps its attempts and the
 * last failure; a claim is a lease (`claimed_until`), so a row an instance stopped sending goes
 * back to the others when the lease runs out; a row that failed too often is abandoned, kept
 * for a person to read.
 */
import type { Migration } from '../../db/migrate.js';

export const outboxDeliveryMigration: Migration = {
  version: 4,
  name: 'outbox delivery: attempts, last error, claim lease, abandonment',
  up: `
      ALTER TABLE api_outbox
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN last_error text,
        ADD COLUMN claimed_until timestamptz,
        ADD COLUMN abandoned_at timestamptz;
      DROP INDEX api_outbox_unsent;
      CREATE INDEX api_outbox_unsent ON api_outbox (created_at) WHERE sent_at IS NULL AND abandoned_at IS NULL;
  `,
};
