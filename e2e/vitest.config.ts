import { defineConfig } from 'vitest/config';

/** Browser journeys: real server, real Chromium, one file at a time. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
