import type { FundingPush } from '@tradedesk/contract';

/**
 * What a funding command changed, carried on its commit (after the command commits, on the
 * bus): a deposit credited or refused (rejected, invalid); a withdrawal held, paid out of the
 * lock, returned, or its transfer recorded.
 */
export type FundingChange =
  | 'deposit-credited'
  | 'deposit-refused'
  | 'withdrawal-held'
  | 'withdrawal-paid-out'
  | 'withdrawal-returned'
  | 'withdrawal-transferred';

declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    /**
     * `notice`: a decision the trader is told of, as the socket's FUNDING carries it to them
     * (on every node: the commit travels through the outbox and the bus).
     */
    funding: { change: FundingChange; id: number; notice?: FundingPush };
  }
}
