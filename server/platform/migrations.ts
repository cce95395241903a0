/**
 * The platform service's tables, in its own schema: the one project (this installation), every
 * revision of its configuration, and the project's API keys.
 */
import { AUDIT_STORE_SQL, auditAppendMigration, auditInboxEventMigration, auditInboxMigration } from '../audit/chain.js';
import type { Migration } from '../db/migrate.js';

export const PLATFORM_SCHEMA = 'platform';

export const platformMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'project, revisions, api keys',
    up: `
      -- One row: the installation. The singleton column keeps it one even when instances start together.
      CREATE TABLE project (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        id uuid NOT NULL UNIQUE,
        slug text NOT NULL UNIQUE,
        revision_id uuid NOT NULL,
        -- The patchable document: name, services, cors_admin, cors_public.
        document jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- Every configuration the project has had, with who changed it and the JSON Patch that did.
      CREATE TABLE revisions (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        actor text NOT NULL,
        patch jsonb NOT NULL,
        document jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX revisions_created_at ON revisions (created_at DESC);

      -- API keys: only a keyed hash of the value is kept; last_characters lets a person tell keys apart.
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        name text NOT NULL,
        owner_id text NOT NULL,
        value_hash text NOT NULL UNIQUE,
        last_characters text NOT NULL,
        expires_at timestamptz,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- The key API key hashes are made with, made on first start and kept.
      CREATE TABLE keys (
        name text PRIMARY KEY,
        value bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 2,
    name: 'audit trail: hash-chained, append-only platform events',
    up: AUDIT_STORE_SQL,
  },
  auditAppendMigration(3),
  auditInboxMigration(4),
  auditInboxEventMigration(5),
];
