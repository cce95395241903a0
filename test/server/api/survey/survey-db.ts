/**
 * A database with the API schema (every migration), on PGlite (default) or on the local PostgreSQL
 * (`SURVEY_TEST_BACKEND=postgres`, each run in a fresh schema).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../../server/db/database.js';
import { migrate } from '../../../../server/db/migrate.js';
import { openDatabase } from '../../../../server/db/open.js';
import { apiMigrations } from '../../../../server/api/migrations.js';
import { linkRoleRelationships, roleRelationshipsSchema } from '../../../../server/api/permissions/role-relationships.js';
import { TEST_DATABASE_URL, tempDataDir } from '../../db/support.js';

export async function openSurveyDb(backend = process.env.SURVEY_TEST_BACKEND ?? 'pglite'): Promise<{ db: Database; close(): Promise<void> }> {
  if (backend === 'postgres') {
    const schema = `api_test_${randomBytes(6).toString('hex')}`;
    const db = await openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, name: schema });
    await migrate(db, { schema, migrations: apiMigrations });
    await linkRoleRelationships(db, roleRelationshipsSchema(schema));
    return {
      db,
      async close() {
        await db.exec(`DROP SCHEMA "${schema}", "${roleRelationshipsSchema(schema)}" CASCADE`);
        await db.close();
      },
    };
  }
  const dir = await tempDataDir();
  const db = await openDatabase({ dataDir: dir.dataDir, name: 'api' });
  await migrate(db, { schema: 'api', migrations: apiMigrations });
  await linkRoleRelationships(db, roleRelationshipsSchema('api'));
  return {
    db,
    async close() {
      await db.close();
      await dir.remove();
    },
  };
}
