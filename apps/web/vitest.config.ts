import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Pages render antd and lazy routes in jsdom; on a busy 2-core machine 5 s is not always enough.
    testTimeout: 20_000,
  },
});
