import { afterAll } from 'vitest';

/**
 * Work React and TanStack Query scheduled on later ticks (a query answering after its page
 * unmounted, a dialog's exit) runs before the file's jsdom window goes: otherwise it runs
 * against no window and fails the whole run with an unhandled "window is not defined"
 * (CI saw one after user-page.test.tsx).
 */
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
});
