declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    /**
     * Notices the command recorded in the outbox (their keys): the node that sees the commit
     * sends them at once; the outbox's poll sends what a stopped node left.
     */
    notices: { keys: string[] };
  }
}

export {};
