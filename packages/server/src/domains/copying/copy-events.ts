declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    /** A leader's command wrote copy signals: the mirror wakes on it (issue 29). */
    'copy-signals': { count: number };
  }
}

declare module '../../platform/bus/bus.ts' {
  interface BusTopics {
    /**
     * A trader's visibility changed (their consent, or an operator's hiding), after commit:
     * every node's ranking shows or drops them at once instead of at its next refresh.
     */
    'leader.visibility': { leaderId: number; visible: boolean };
  }
}

export {};
