/**
 * What a funding command changed, carried on its commit (after the command commits, on the
 * bus): a deposit credited; a withdrawal held, paid out of the lock, or returned.
 */
export type FundingChange =
  | 'deposit-credited'
  | 'withdrawal-held'
  | 'withdrawal-paid-out'
  | 'withdrawal-returned';

declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    funding: { change: FundingChange; id: number };
  }
}
