import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Servers bind loopback ports; files run in parallel, tests within a file in order.
    pool: 'forks',
  },
});
