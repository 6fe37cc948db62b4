import { defineConfig } from 'vitest/config';

// Each test file builds one app on one database (PGlite in memory, or its own schema on
// TEST_DATABASE_URL); creating it takes seconds, hence the generous timeouts.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
