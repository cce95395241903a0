/**
 * Migration 3 of the API schema: the administration side that is not people. Devices belong to
 * an organisation once claimed from the manufactured inventory; each has upload tokens, at most
 * one running subscription, and the invoices that subscription issues. Notifications are an
 * organisation's event feed, and firmware releases are per device model with their file in the
 * blob store. Amounts are integers in the currency's minor unit (cents), never floating point.
 */
import type { Migration } from '../db/migrate.js';

export const devicesMigration: Migration = {
  version: 3,
  name: 'devices: inventory, devices, device tokens, subscriptions, invoices, notifications, firmware releases',
  up: `
      -- What was manufactured: a device can be claimed only with the code printed on it, kept
      -- here as a SHA-256 so a database reader cannot claim devices.
      CREATE TABLE device_inventory (
        serial text PRIMARY KEY,
        model text NOT NULL,
        claim_code_hash text NOT NULL,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE devices (
        id uuid PRIMARY KEY,
        org_id uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        -- One organisation at a time: registering a claimed serial again is a 409.
        serial text NOT NULL UNIQUE REFERENCES device_inventory (serial),
        model text NOT NULL,
        name text NOT NULL,
        firmware_version text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        registered_by uuid,
        last_seen_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX devices_org_created ON devices (org_id, created_at DESC, id);
      CREATE INDEX devices_model ON devices (model);

      -- Bearer tokens a device uploads with; only their SHA-256 is kept.
      CREATE TABLE device_tokens (
        id uuid PRIMARY KEY,
        device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX device_tokens_device ON device_tokens (device_id);

      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY,
        device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
        org_id uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        plan text NOT NULL,
        interval text NOT NULL CHECK (interval IN ('monthly', 'yearly')),
        price_minor integer NOT NULL CHECK (price_minor >= 0),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        state text NOT NULL CHECK (state IN ('active', 'cancelling', 'cancelled')),
        started_at timestamptz NOT NULL,
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL,
        cancelled_at timestamptz,
        ended_at timestamptz,
        started_by uuid,
        cancelled_by uuid,
        updated_at timestamptz NOT NULL,
        CHECK (current_period_end > current_period_start)
      );
      -- A device has at most one subscription that is not over.
      CREATE UNIQUE INDEX subscriptions_running ON subscriptions (device_id) WHERE state IN ('active', 'cancelling');
      CREATE INDEX subscriptions_device ON subscriptions (device_id, started_at DESC);
      CREATE INDEX subscriptions_period_end ON subscriptions (current_period_end) WHERE state IN ('active', 'cancelling');

      -- Invoice numbers come from one sequence, so they are unique and never reused.
      CREATE SEQUENCE invoice_number_seq;
      CREATE TABLE invoices (
        id uuid PRIMARY KEY,
        org_id uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
        device_id uuid REFERENCES devices (id) ON DELETE SET NULL,
        number text NOT NULL UNIQUE,
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL,
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        lines jsonb NOT NULL,
        -- Catalogue prices are final prices: an invoice's total is the sum of its lines.
        total_minor integer NOT NULL CHECK (total_minor >= 0),
        status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'paid', 'void')),
        issued_at timestamptz NOT NULL,
        -- One invoice per subscription period, however often the period is settled.
        UNIQUE (subscription_id, period_start)
      );
      CREATE INDEX invoices_org_issued ON invoices (org_id, issued_at DESC, id);

      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        org_id uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        kind text NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL
      );
      CREATE INDEX notifications_org_created ON notifications (org_id, created_at DESC, id);

      CREATE TABLE firmware_releases (
        id uuid PRIMARY KEY,
        device_model text NOT NULL,
        version text NOT NULL,
        change_notes text NOT NULL,
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        size bigint NOT NULL CHECK (size >= 0),
        file_name text NOT NULL,
        blob_key text NOT NULL,
        created_by uuid,
        created_at timestamptz NOT NULL,
        UNIQUE (device_model, version)
      );
      CREATE INDEX firmware_releases_model_created ON firmware_releases (device_model, created_at DESC, id);
  `,
};
