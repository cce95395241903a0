/**
 * Migration 7 of the API schema: read-only share links of a project. Only the token's SHA-256 is
 * kept, so a database reader cannot open a link. A revoked link keeps its row (the list shows who
 * shared what until when); a deleted project takes its links with it.
 */
import type { Migration } from '../../db/migrate.js';

export const projectSharesMigration: Migration = {
  version: 7,
  name: 'project shares: read-only links for people without an account',
  up: `
      CREATE TABLE project_shares (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        label text NOT NULL,
        floor_ids uuid[],
        expires_at timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz,
        last_used_at timestamptz
      );
      CREATE INDEX project_shares_project ON project_shares (project_id, created_at DESC, id);`,
};
