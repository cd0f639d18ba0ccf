import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/contract/src/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
            'packages/engine/src/**/*.test.ts',
            'packages/web/build-plugins/**/*.test.ts',
            'mutation/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'admin',
          include: ['packages/admin/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/testing/settle-before-teardown.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
