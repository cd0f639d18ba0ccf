import type { AlertRecord } from './alert-record.ts';

declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    /** A price alert created or deleted (the node watching the account's prices follows it). */
    alert: { change: 'created' | 'deleted'; alert: AlertRecord };
  }
}
