import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Generous: on a busy two-core machine, opening a database and starting services in a
    // file's setup can take tens of seconds. Tests measure behaviour, never speed.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Servers bind loopback ports; files run in parallel, tests within a file in order.
    pool: 'forks',
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
      {
        // The identity service's suites once more on PostgreSQL (each in a fresh schema), so the
        // default PGlite and a production database are held to the same behaviour.
        extends: true,
        test: {
          name: 'identity-postgres',
          include: ['test/server/identity/**/*.test.ts'],
          exclude: ['test/server/identity/password.test.ts', 'test/server/identity/traits.test.ts'],
          environment: 'node',
          env: { TEST_IDENTITY_BACKEND: 'postgres' },
        },
      },
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
