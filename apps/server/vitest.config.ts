import { defineProject } from 'vitest/config';

// ATRIUM_TEST_DB=postgres runs the same suite against a throw-away PostgreSQL cluster.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
