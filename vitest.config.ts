import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { postgresReachable, TEST_DATABASE_URL } from './test/server/db/support.js';

// The identity suites run a second time on PostgreSQL. CI machines have it (and fail without it,
// as the other PostgreSQL tests do); a developer machine without it skips that second run.
const postgres = await postgresReachable();
if (!postgres && !process.env.CI) console.warn(`Skipping the identity-postgres project: nothing answers at ${TEST_DATABASE_URL}`);
const withPostgres = postgres || Boolean(process.env.CI);

const identityPostgres: TestProjectInlineConfiguration = {
  // The identity service's suites once more on PostgreSQL (each in a fresh schema), so the
  // default PGlite and a production database are held to the same behaviour.
  extends: true,
  test: {
    name: 'identity-postgres',
    include: ['test/server/identity/**/*.test.ts'],
    // Password hashing, trait schemas and Ory's own UI and SDKs over the wire do not touch the database.
    exclude: ['test/server/identity/password.test.ts', 'test/server/identity/traits.test.ts', 'test/server/identity/ory-compat/**'],
    environment: 'node',
    env: { TEST_IDENTITY_BACKEND: 'postgres' },
  },
};

export default defineConfig({
  test: {
    // Generous: on a busy two-core machine, opening a database and starting services in a
    // file's setup can take tens of seconds. Tests measure behaviour, never speed.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Servers bind loopback ports; files run in parallel, tests within a file in order.
    pool: 'forks',
    // Two files at a time even on two cores (vitest's default leaves one core idle): most of a
    // file's time is spent waiting on its servers and its browser, not computing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'], environment: 'node' },
      },
      {
        // Journeys in Debian's Chromium against the whole product and the built client.
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 90_000,
        },
      },
      ...(withPostgres ? [identityPostgres] : []),
      {
        // The React client's components, rendered in a simulated DOM from recorded flows.
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          include: ['test/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/web/support/setup.ts'],
        },
      },
    ],
  },
});
