/**
 * The in-process queue per account: commands of one account run one after another and wait
 * here, not on a row lock, so waiting costs no connection. A command that fails does not stop
 * the ones behind it.
 */
export function createAccountQueue() {
  const tails = new Map<number, Promise<unknown>>();

  return function queue<T>(accountId: number, run: () => Promise<T>): Promise<T> {
    const previous = tails.get(accountId) ?? Promise.resolve();
    const result = previous.then(run, run);
    const tail = result.catch(() => {});
    tails.set(accountId, tail);
    void tail.then(() => {
      if (tails.get(accountId) === tail) tails.delete(accountId);
    });
    return result;
  };
}
