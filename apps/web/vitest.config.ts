import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/server-messages-setup.ts', 'src/test/static-toasts-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Pages render antd and lazy routes in jsdom; on a busy 2-core machine 5 s is not always enough.
    testTimeout: 20_000,
    // A lazy import that a test's last request started (antd's message, loaded on first use by
    // lib/feedback.ts) can finish after the file's jsdom is gone; vitest calls that an
    // EnvironmentTeardownError, "not a bug in Vitest", and nothing is left to render into. Every other
    // unhandled error still fails the run.
    onUnhandledError: (error) => (error.name === 'EnvironmentTeardownError' ? false : undefined),
  },
});
