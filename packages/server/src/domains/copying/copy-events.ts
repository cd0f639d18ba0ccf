declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    /** A leader's command wrote copy signals: the mirror wakes on it (issue 29). */
    'copy-signals': { count: number };
  }
}

export {};
