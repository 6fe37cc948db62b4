import { defineConfig } from 'vitest/config';

// The package runs in the browser as well as on the server, but its helpers are pure, so the
// node environment is enough and keeps the unit tests fast.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
