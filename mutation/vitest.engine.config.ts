import { defineConfig } from 'vitest/config';

/** The engine's own tests, for StrykerJS: nothing else runs against an engine mutant. */
export default defineConfig({
  test: {
    include: ['packages/engine/src/**/*.test.ts'],
    environment: 'node',
    // Instrumented code is slower: the trigger book's million-tick differential test needs room.
    testTimeout: 120_000,
  },
});
