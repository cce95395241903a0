/**
 * A real embedded identity service for tests: its own PGlite directory, or a fresh PostgreSQL
 * schema when asked for (or when TEST_IDENTITY_BACKEND=postgres, as the second test project sets), both listeners on loopback, a clock the
 * test can move. Argon2 runs at its real cost: the hasher refuses less.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../../server/db/database.js';
import { openDatabase } from '../../../../server/db/open.js';
import { DEFAULT_LIFESPANS, type IdentityServiceOptions } from '../../../../server/identity/options.js';
import { startIdentityService, type RunningIdentityService } from '../../../../server/identity/start.js';
import { defaultSchemaEntry } from '../../../../server/identity/traits/default-schema.js';
import { tempDataDir, TEST_DATABASE_URL } from '../../db/support.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestIdentity extends RunningIdentityService {
  db: Database;
  clock: { advance(ms: number): void; now(): Date };
  options: IdentityServiceOptions;
  stop(): Promise<void>;
}

export interface TestIdentityOptions {
  backend?: 'pglite' | 'postgres';
  options?: Partial<IdentityServiceOptions>;
}

export async function startTestIdentity(options: TestIdentityOptions = {}): Promise<TestIdentity> {
  const dir = await tempDataDir();
  const backend = options.backend ?? (process.env.TEST_IDENTITY_BACKEND === 'postgres' ? 'postgres' : 'pglite');
  const name = backend === 'postgres' ? `identity_t${randomUUID().replace(/-/g, '').slice(0, 12)}` : 'identity';
  const db = await openDatabase({ dataDir: dir.dataDir, databaseUrl: backend === 'postgres' ? TEST_DATABASE_URL : undefined, name });
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
  // The listeners' URLs are known only after listening: the options object is filled in then,
  // before the first request.
  const serviceOptions: IdentityServiceOptions = {
    publicUrl: 'http://127.0.0.1:1',
    uiUrl: 'http://ui.test',
    allowedReturnUrls: ['http://ui.test', 'http://app.test/'],
    adminToken: TEST_ADMIN_TOKEN,
    schemas: [defaultSchemaEntry],
    defaultSchemaId: 'default',
    lifespans: { ...DEFAULT_LIFESPANS },
    requireVerifiedAddress: false,
    courierFrom: 'sitewave <no-reply@sitewave.test>',
    productName: 'sitewave',
    ...options.options,
  };
  const running = await startIdentityService({ db, options: serviceOptions, now: clock.now });
  if (!options.options?.publicUrl) serviceOptions.publicUrl = running.publicUrl;
  return {
    ...running,
    db,
    clock,
    options: serviceOptions,
    async stop() {
      await running.close();
      if (backend === 'postgres') await db.query(`DROP SCHEMA IF EXISTS "${db.schema}" CASCADE`).catch(() => undefined);
      await db.close();
      await dir.remove();
    },
  };
}
