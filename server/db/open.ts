/**
 * The one way the embedded services get a database: PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite files under DATA_DIR. Each service names itself and gets that schema.
 */
import path from 'node:path';
import type { Database } from './database.js';
import { assertSchemaName } from './schema-name.js';

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** The service, and so its schema: `identity`, `api`. */
  name: string;
  /** Errors of idle PostgreSQL connections, for the log; the pool recovers by itself. */
  onError?: (err: Error) => void;
}

/** PGlite keeps one directory for all services, like one PostgreSQL database with a schema each. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'db');
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const schema = assertSchemaName(options.name);
  // Imported on demand: a PostgreSQL deployment never loads PGlite, and the reverse.
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(options.databaseUrl, schema, { onError: options.onError });
  }
  const { openPGlite } = await import('./pglite.js');
  return openPGlite(pgliteDirectory(options.dataDir), schema);
}
