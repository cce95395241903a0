/**
 * A database with the API schema's survey tables, on PGlite (default) or on the local PostgreSQL
 * (`SURVEY_TEST_BACKEND=postgres`, each run in a fresh schema).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../../server/db/database.js';
import { migrate, type Migration } from '../../../../server/db/migrate.js';
import { openDatabase } from '../../../../server/db/open.js';
import { surveyMigration } from '../../../../server/api/survey/migration.js';
import { TEST_DATABASE_URL, tempDataDir } from '../../db/support.js';

/** Until the organisation tables are in place, the least migration 1 the survey tables refer to. */
const orgsStandIn: Migration = {
  version: 1,
  name: 'orgs',
  up: 'CREATE TABLE orgs (id uuid PRIMARY KEY, name text NOT NULL); CREATE TABLE org_members (org_id uuid REFERENCES orgs, user_id uuid, PRIMARY KEY (org_id, user_id))',
};

export async function openSurveyDb(backend = process.env.SURVEY_TEST_BACKEND ?? 'pglite'): Promise<{ db: Database; close(): Promise<void> }> {
  if (backend === 'postgres') {
    const schema = `api_test_${randomBytes(6).toString('hex')}`;
    const db = await openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, name: schema });
    await migrate(db, { schema, migrations: [orgsStandIn, surveyMigration] });
    return {
      db,
      async close() {
        await db.exec(`DROP SCHEMA "${schema}" CASCADE`);
        await db.close();
      },
    };
  }
  const dir = await tempDataDir();
  const db = await openDatabase({ dataDir: dir.dataDir, name: 'api' });
  await migrate(db, { schema: 'api', migrations: [orgsStandIn, surveyMigration] });
  return {
    db,
    async close() {
      await db.close();
      await dir.remove();
    },
  };
}
