/**
 * Migration 9 of the API schema: a trigram index on project names, so a name query visits the
 * matching projects instead of every project of the organisation.
 *
 * pg_trgm is installed once per database, not per schema: an existing installation is reused
 * wherever it lives, a new one goes to `public` (where a DROP SCHEMA of one service cannot take
 * it, and the indexes of the others, along). The operator class is named with that schema since
 * each service's search_path holds its own schema only. The list query compares lower(name) with
 * LIKE, which is exactly what ILIKE does on a multi-byte database, so this index serves it.
 *
 * A server that may not install the extension still migrates: the search stays correct, only
 * without the index, and the warning says why.
 */
import type { Migration } from '../../db/migrate.js';

export const projectNameSearchMigration: Migration = {
  version: 9,
  name: 'project name search: pg_trgm trigram index on lower(name)',
  up: `
      DO $$
      DECLARE
        home name;
      BEGIN
        SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
        IF home IS NULL THEN
          home := CASE WHEN EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN 'public' ELSE current_schema() END;
          BEGIN
            EXECUTE format('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA %I', home);
          EXCEPTION WHEN OTHERS THEN
            RAISE WARNING 'pg_trgm could not be installed (%): project name queries run without their index', SQLERRM;
            RETURN;
          END;
        END IF;
        EXECUTE format('CREATE INDEX projects_name_trgm ON projects USING gin (lower(name) %I.gin_trgm_ops)', home);
      END
      $$;`,
};
