/**
 * Migration 1 of the API schema: organisations, their members, user profiles and settings,
 * invites and the e-mail outbox. Identities live in the identity service; here they are only
 * referenced by id, so membership columns carry no foreign key to `users` (a profile row appears
 * when the API first sees an identity, which may be after someone added it to an organisation).
 */
import type { Migration } from '../db/migrate.js';

export const coreMigration: Migration = {
  version: 1,
  name: 'core: organisations, members, users, user settings, invites, outbox',
  up: `
      CREATE TABLE orgs (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        legal_name text NOT NULL DEFAULT '',
        vat_id text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        street text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        country text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- Administrators tell organisations apart by name: unique regardless of case (409 on a duplicate).
      CREATE UNIQUE INDEX orgs_name ON orgs (lower(name));

      CREATE TABLE org_members (
        org_id uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (org_id, user_id)
      );
      CREATE INDEX org_members_user ON org_members (user_id);

      CREATE TABLE users (
        identity_id uuid PRIMARY KEY,
        email text NOT NULL DEFAULT '',
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
        global_role text NOT NULL DEFAULT 'user' CHECK (global_role IN ('admin', 'user')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX users_email ON users (lower(email));

      CREATE TABLE user_settings (
        user_id uuid PRIMARY KEY REFERENCES users (identity_id) ON DELETE CASCADE,
        locale text NOT NULL DEFAULT 'en',
        units text NOT NULL DEFAULT 'metric' CHECK (units IN ('metric', 'imperial')),
        default_org_id uuid REFERENCES orgs (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE invites (
        id uuid PRIMARY KEY,
        org_id uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'cancelled', 'removed')),
        -- Only the SHA-256 of the token is kept: a database reader cannot accept an invite.
        token_hash text NOT NULL UNIQUE,
        invited_by uuid,
        accepted_by uuid,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      -- At most one open invite per address and organisation.
      CREATE UNIQUE INDEX invites_pending ON invites (org_id, lower(email)) WHERE status = 'pending';
      CREATE INDEX invites_org_created ON invites (org_id, created_at DESC, id);

      -- Mail the API sends (invites), for a mailer to deliver; sent_at marks delivery.
      CREATE TABLE api_outbox (
        id uuid PRIMARY KEY,
        kind text NOT NULL,
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL,
        sent_at timestamptz
      );
      CREATE INDEX api_outbox_unsent ON api_outbox (created_at) WHERE sent_at IS NULL;
  `,
};
