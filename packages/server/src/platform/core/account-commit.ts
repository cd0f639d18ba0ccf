import type { Micros } from '@tradedesk/engine';

/**
 * The events a committed command carries, by type. Each domain adds its own by declaration
 * merging (trading adds `order`), so the core carries them without knowing them.
 */
export interface AccountEventMap {
  /** Placeholder so the map is never empty; no command emits it. */
  noop: Record<string, never>;
}

export type AccountEvent = {
  [K in keyof AccountEventMap]: { type: K } & AccountEventMap[K];
}[keyof AccountEventMap];

/**
 * What one command committed on one account: the account's new version and figures, and the
 * command's events. Published on the bus after commit; memory applies commits in version
 * order, so a late or repeated one (at-least-once delivery) changes nothing.
 */
export interface AccountCommit {
  accountId: number;
  /** The account's version after this commit: every commit adds exactly 1. */
  version: number;
  balance: Micros;
  lockBalance: Micros;
  at: number;
  events: AccountEvent[];
}

declare module '../bus/bus.ts' {
  interface BusTopics {
    'account.committed': AccountCommit;
  }
}
