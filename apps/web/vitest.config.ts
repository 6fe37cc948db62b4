import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * Files that need a module graph of their own run each in a fresh worker and page (project "isolated"):
 * those that replace a module (vi.mock) or load the app's modules again (vi.resetModules), and those
 * whose first line says `// runs in a fresh worker: <why>` (what they test is how the app's modules
 * start: i18next before its first language, which translations and chunks the first page loads).
 * Every other file shares one worker and one jsdom page (project "shared"): a fresh worker, page and
 * module graph for each file cost more than half the suite's time (282 s for the suite alone on two
 * cores, 162 s with the sharing). src/test/shared-worker-setup.ts puts back, before each shared file,
 * what the previous one left.
 */
const ISOLATED = readdirSync(join(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`)
  .filter((file) =>
    /\bvi\.(mock|resetModules)\(|^\/\/ runs in a fresh worker:/m.test(
      readFileSync(join(import.meta.dirname, file), 'utf8'),
    ),
  );

/**
 * Files run in the order of their paths, here and in CI alike, never in an order a local cache chose.
 * RA_TEST_ORDER=reverse runs them backwards: the shared files must pass in either order.
 */
class ByPath extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    return process.env.RA_TEST_ORDER === 'reverse' ? sorted.reverse() : sorted;
  }
}

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: [
      'src/test/shared-worker-setup.ts',
      'src/test/server-messages-setup.ts',
      'src/test/static-toasts-setup.ts',
    ],
    restoreMocks: true,
    unstubGlobals: true,
    // Pages render antd and lazy routes in jsdom; on a busy 2-core machine 5 s is not always enough.
    testTimeout: 20_000,
    // A lazy import that a test's last request started (antd's message, loaded on first use by
    // lib/feedback.ts) can finish after the file's jsdom is gone; vitest calls that an
    // EnvironmentTeardownError, "not a bug in Vitest", and nothing is left to render into. Every other
    // unhandled error still fails the run.
    onUnhandledError: (error) => (error.name === 'EnvironmentTeardownError' ? false : undefined),
    sequence: { sequencer: ByPath },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [TESTS],
          exclude: ISOLATED,
          isolate: false,
          env: { RA_SHARED_WORKER: '1' },
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
