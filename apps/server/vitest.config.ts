import { defineConfig } from 'vitest/config';

/**
 * Files that say the same on either database, run in the PGlite pass only: the authorization matrix
 * and the input fuzz check the routes' answers, not the database's, the API contract lints the OpenAPI
 * document the routes' schemas make, and the compiled server and the demo's consistency open their own
 * embedded database whatever TEST_DATABASE_URL says. Everything else runs on both.
 */
const EMBEDDED_PASS_ONLY = [
  'test/authorization-matrix.test.ts',
  'test/fuzz.test.ts',
  'test/api-contract.test.ts',
  'test/compiled-server.test.ts',
  'test/crash-resume.test.ts',
  'test/crash-resume-stripe.test.ts',
  // opens an embedded database of its own, seeded as a first `npm start` seeds it, on either pass
  'test/demo-consistency.test.ts',
];

// Each test file builds one app on one database (PGlite loaded from the run's template, or a database
// of its own on TEST_DATABASE_URL copied from the run's template); creating it takes seconds, hence the
// generous timeouts.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL ? EMBEDDED_PASS_ONLY : [],
    globalSetup: ['./test/global-setup.ts'],
    // The files share their worker's module graph instead of importing the whole server again for
    // each file (that import was most of the suite's time). No file keeps state at module level
    // that another could see: each builds its own app and database and closes them.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
