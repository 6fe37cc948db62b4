import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/server-messages-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Pages render antd and lazy routes in jsdom; on a busy 2-core machine 5 s is not always enough.
    testTimeout: 20_000,
  },
});
