/**
 * One command at a time per account (ARCHITECTURE.md, single writer): each account's
 * commands run in the order they arrive, never interleaved, so two requests can never
 * spend the same money. Different accounts proceed in parallel.
 */
export function createAccountLocks() {
  const tails = new Map<number, Promise<unknown>>();
  return {
    run<T>(userId: number, command: () => Promise<T>): Promise<T> {
      const previous = tails.get(userId) ?? Promise.resolve();
      const result = previous.then(command, command);
      const tail = result.catch(() => {});
      tails.set(userId, tail);
      void tail.then(() => {
        if (tails.get(userId) === tail) tails.delete(userId);
      });
      return result;
    },
  };
}

export type AccountLocks = ReturnType<typeof createAccountLocks>;
