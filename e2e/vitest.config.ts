import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's Chromium against the real server on a fresh embedded database.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // a failed test's open pages: a screenshot under output/failures and what they show, in the log
    setupFiles: ['./support/failure-report.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // one server, one browser at a time: the machine has two cores
    fileParallelism: false,
    // The files share one module graph: Playwright and the support modules load once, not once per
    // file (about 0.8 s each). Each file still launches its own browser and closes what it opened.
    isolate: false,
    expect: { poll: { timeout: 10_000 } },
  },
});
