/**
 * Schema migrations, forward only. Each pending migration runs in its own transaction together
 * with its row in `<schema>.schema_migrations`, so a failure leaves neither a half-applied change
 * nor a record. Instances starting together take a transaction-level advisory lock per schema,
 * and re-check under it, so each migration runs exactly once.
 */
import { createHash } from 'node:crypto';
import type { Database } from './database.js';
import { assertSchemaName, quoteIdentifier } from './schema-name.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  /** SQL, one or more statements, no BEGIN/COMMIT. Unqualified names resolve in the schema. */
  readonly up: string;
}

export interface MigrateOptions {
  schema: string;
  /** Ascending versions. An applied migration is never edited: add a new one. */
  migrations: readonly Migration[];
}

export interface MigrateResult {
  /** What this call applied, in order; empty when the schema was up to date. */
  applied: Migration[];
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

interface Recorded {
  version: number;
  name: string;
}

function checkOrder(schema: string, migrations: readonly Migration[]): void {
  let previous = 0;
  for (const { version, name } of migrations) {
    if (!Number.isSafeInteger(version) || version <= previous) {
      throw new MigrationError(`Migrations of schema "${schema}": version ${version} ("${name}") must be a whole number above ${previous}, the one before it`);
    }
    if (!name.trim()) throw new MigrationError(`Migrations of schema "${schema}": version ${version} has no name`);
    previous = version;
  }
}

function checkHistory(schema: string, recorded: readonly Recorded[], migrations: readonly Migration[]): void {
  const names = new Map(recorded.map((row) => [row.version, row.name]));
  const latest = Math.max(0, ...recorded.map((row) => row.version));
  for (const migration of migrations) {
    const recordedName = names.get(migration.version);
    if (recordedName === undefined) {
      // Applying it now would run it after migrations written later, against a schema it never saw.
      if (migration.version < latest) {
        throw new MigrationError(
          `Migration ${migration.version} "${migration.name}" of schema "${schema}" is not applied but ${latest} already is: give it a version above ${latest}`,
        );
      }
    } else if (recordedName !== migration.name) {
      throw new MigrationError(
        `Migration ${migration.version} of schema "${schema}" was applied as "${recordedName}" but the code now calls it "${migration.name}": an applied migration must not be edited or renumbered; add a new one instead`,
      );
    }
  }
}

/** The advisory lock is keyed by 64 bits of a hash, the same on every instance and PostgreSQL version. */
function lockKey(schema: string): string {
  return createHash('sha256').update(`sitewave:migrate:${schema}`).digest().readBigInt64BE(0).toString();
}

export async function migrate(db: Database, { schema, migrations }: MigrateOptions): Promise<MigrateResult> {
  assertSchemaName(schema);
  checkOrder(schema, migrations);
  const quoted = quoteIdentifier(schema);
  const table = `${quoted}.schema_migrations`;
  const key = lockKey(schema);
  const lock = 'SELECT pg_advisory_xact_lock($1::bigint)';

  const recorded = await db.transaction(async (tx) => {
    // Under the lock too: two concurrent CREATE SCHEMA IF NOT EXISTS can still collide.
    await tx.query(lock, [key]);
    await tx.exec(`
      CREATE SCHEMA IF NOT EXISTS ${quoted};
      CREATE TABLE IF NOT EXISTS ${table} (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
    `);
    return (await tx.query<Recorded>(`SELECT version, name FROM ${table} ORDER BY version`)).rows;
  });
  // Refuse before changing anything when history and code disagree anywhere.
  checkHistory(schema, recorded, migrations);

  const done = new Set(recorded.map((row) => row.version));
  const applied: Migration[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    const ran = await db.transaction(async (tx) => {
      await tx.query(lock, [key]);
      // Another instance may have applied it while this one waited for the lock.
      const current = await tx.query<Recorded>(`SELECT version, name FROM ${table} WHERE version = $1`, [migration.version]);
      if (current.rows[0]) {
        checkHistory(schema, current.rows, [migration]);
        return false;
      }
      await tx.exec(`SET LOCAL search_path TO ${quoted}`);
      try {
        await tx.exec(migration.up);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new MigrationError(`Migration ${migration.version} "${migration.name}" of schema "${schema}" failed: ${reason}`, { cause: err });
      }
      await tx.query(`INSERT INTO ${table} (version, name) VALUES ($1, $2)`, [migration.version, migration.name]);
      return true;
    });
    if (ran) applied.push(migration);
  }
  return { applied };
}
