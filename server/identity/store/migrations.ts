/**
 * The identity service's tables, in its own schema. Everything a restart must keep lives here:
 * identities and their credentials, sessions (only token hashes), flows, one-time codes and
 * link tokens (only hashes), the courier outbox and stored self-service errors.
 */
import type { Migration } from '../../db/migrate.js';
import { AUDIT_STORE_SQL, auditAppendMigration, auditInboxEventMigration, auditInboxMigration } from '../../audit/chain.js';

export const IDENTITY_SCHEMA = 'identity';

export const identityMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'identities, credentials, sessions, flows, codes, courier, errors',
    up: `
      CREATE TABLE identities (
        id uuid PRIMARY KEY,
        schema_id text NOT NULL,
        state text NOT NULL CHECK (state IN ('active', 'inactive')),
        state_changed_at timestamptz,
        traits jsonb NOT NULL,
        metadata_public jsonb,
        metadata_admin jsonb,
        external_id text UNIQUE,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX identities_created_at ON identities (created_at, id);

      -- One row per credential type an identity holds; config is the type's own JSON
      -- (a password hash, a TOTP secret, lookup codes).
      CREATE TABLE credentials (
        identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
        type text NOT NULL,
        config jsonb NOT NULL,
        version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (identity_id, type)
      );

      -- The unique index is what makes "an account with the same identifier exists" race-free.
      CREATE TABLE credential_identifiers (
        type text NOT NULL,
        identifier text NOT NULL,
        identity_id uuid NOT NULL,
        PRIMARY KEY (type, identifier),
        FOREIGN KEY (identity_id, type) REFERENCES credentials (identity_id, type) ON DELETE CASCADE
      );
      CREATE INDEX credential_identifiers_identity ON credential_identifiers (identity_id);

      CREATE TABLE verifiable_addresses (
        id uuid PRIMARY KEY,
        identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
        via text NOT NULL,
        value text NOT NULL,
        verified boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'pending',
        verified_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (via, value)
      );
      CREATE INDEX verifiable_addresses_identity ON verifiable_addresses (identity_id);

      CREATE TABLE recovery_addresses (
        id uuid PRIMARY KEY,
        identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
        via text NOT NULL,
        value text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (via, value)
      );
      CREATE INDEX recovery_addresses_identity ON recovery_addresses (identity_id);

      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        logout_token_hash text NOT NULL UNIQUE,
        identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
        active boolean NOT NULL,
        aal text NOT NULL,
        authentication_methods jsonb NOT NULL,
        devices jsonb NOT NULL,
        issued_at timestamptz NOT NULL,
        authenticated_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_identity ON sessions (identity_id, created_at);
      CREATE INDEX sessions_created_at ON sessions (created_at, id);

      -- A flow as the wire shows it (without the masked CSRF value, which is fresh per answer)
      -- plus what only the server may see.
      CREATE TABLE flows (
        id uuid PRIMARY KEY,
        kind text NOT NULL,
        type text NOT NULL,
        csrf_token text NOT NULL,
        wire jsonb NOT NULL,
        internal jsonb NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX flows_expires_at ON flows (expires_at);

      -- One-time codes and link tokens, both stored as hashes.
      CREATE TABLE one_time_secrets (
        id uuid PRIMARY KEY,
        flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
        purpose text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('code', 'link')),
        secret_hash text NOT NULL,
        address text NOT NULL,
        via text NOT NULL,
        identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX one_time_secrets_flow ON one_time_secrets (flow_id, kind);
      CREATE UNIQUE INDEX one_time_secrets_link ON one_time_secrets (secret_hash) WHERE kind = 'link';

      CREATE TABLE courier_messages (
        id uuid PRIMARY KEY,
        type text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'processing', 'sent', 'abandoned')),
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        template_type text NOT NULL,
        send_count integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX courier_messages_created_at ON courier_messages (created_at, id);
      CREATE INDEX courier_messages_status ON courier_messages (status, created_at);

      CREATE TABLE self_service_errors (
        id uuid PRIMARY KEY,
        error jsonb NOT NULL,
        created_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'courier dispatches',
    up: `
      -- One row per delivery attempt: what the admin courier API shows as a message's dispatches.
      CREATE TABLE courier_message_dispatches (
        id uuid PRIMARY KEY,
        message_id uuid NOT NULL REFERENCES courier_messages (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('failed', 'success')),
        error jsonb,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX courier_message_dispatches_message ON courier_message_dispatches (message_id, created_at);
    `,
  },
  {
    version: 3,
    name: 'audit trail: hash-chained, append-only account events',
    up: AUDIT_STORE_SQL,
  },
  auditAppendMigration(4),
  auditInboxMigration(5),
  auditInboxEventMigration(6),
];
