import type { PricePoints } from '@tradedesk/engine';
import type { AlertRecord } from './alert-record.ts';

declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    /**
     * A price alert created, deleted, fired (at `price`, the watched price of the tick that
     * crossed), re-armed after its cooldown, or expired: the node watching the account's
     * prices follows it, and a firing is pushed to the trader.
     */
    alert: {
      change: 'created' | 'deleted' | 'fired' | 'rearmed' | 'expired';
      alert: AlertRecord;
      price?: PricePoints;
    };
  }
}
