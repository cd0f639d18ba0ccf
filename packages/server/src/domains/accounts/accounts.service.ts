import type { Balance, ForexDetail, Language, LedgerRow } from '@tradedesk/contract';
import { PAGE_SIZE } from '@tradedesk/contract';
import { translateMessage } from '@tradedesk/contract/messages';
import {
  type LedgerEntry,
  type Micros,
  microsToNumber,
  type PositionValue,
  parseMicros,
} from '@tradedesk/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { wireTime } from '../../http/wire-time.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { accountDetail } from './account-detail.ts';
import type { AccountLocks } from './account-locks.ts';
import type { AccountRecord, AccountsRepository } from './accounts.repository.ts';

/**
 * Balances and the ledger. Every change of a balance goes through `apply`, inside the
 * caller's transaction and the account's lock: the new balance and one ledger row per
 * entry, with the balance after it.
 */
export function createAccountsService(deps: {
  db: Kysely<Database>;
  repository: AccountsRepository;
  locks: AccountLocks;
  now: () => number;
  demoStartBalance: string;
}) {
  const { db, repository, locks, now } = deps;
  const startBalance = parseMicros(deps.demoStartBalance);
  const observers = new Set<(account: AccountRecord) => void>();

  async function apply(
    account: AccountRecord,
    entries: readonly LedgerEntry[],
    orderId: number | null,
    trx: Transaction<Database>,
    /** Change of lock_balance (reserving for or releasing a pending order). */
    lockDelta: Micros = 0n,
    /**
     * A close may realize a loss larger than the balance before the trading host covers it in
     * the same transaction (stop-out, protection); it checks the balance before committing.
     */
    options: { coveredLater?: boolean } = {},
  ): Promise<AccountRecord> {
    let balance = account.balance;
    const rows = entries.map((entry) => {
      balance += entry.amount;
      return {
        userId: account.userId,
        amount: entry.amount,
        kind: entry.kind,
        orderId,
        balanceAfter: balance,
        at: now(),
      };
    });
    // The engine refuses what an account cannot pay; reaching here negative is a bug.
    const lockBalance = account.lockBalance + lockDelta;
    if ((balance < 0n && !options.coveredLater) || lockBalance < 0n)
      throw new Error(`account ${account.userId} would go negative`);
    const updated = { ...account, balance, lockBalance };
    await repository.setBalances(updated, now(), trx);
    await repository.appendLedger(rows, trx);
    for (const observe of observers) observe(updated);
    return updated;
  }

  /** The account, created on first use; a demo account starts with its funds (one ledger row). */
  async function ensure(user: UserRecord): Promise<AccountRecord> {
    const existing = await repository.find(user.id);
    if (existing) return existing;
    return locks.run(user.id, () =>
      db.transaction().execute(async (trx) => {
        const created = await repository.create(user.id, now(), trx);
        const account = (await repository.find(user.id, trx))!;
        if (!created || !user.isDemo) return account;
        return apply(account, [{ kind: 'demo-credit', amount: startBalance }], null, trx);
      }),
    );
  }

  return {
    ensure,
    apply,

    /**
     * Calls `listener` with every account `apply` writes (inside the caller's transaction:
     * a listener that caches must drop what it holds when that transaction fails).
     */
    observe(listener: (account: AccountRecord) => void): () => void {
      observers.add(listener);
      return () => observers.delete(listener);
    },

    async balance(user: UserRecord): Promise<Balance> {
      const account = await ensure(user);
      return {
        balance: microsToNumber(account.balance),
        lock_balance: microsToNumber(account.lockBalance),
      };
    },

    /** Account figures; `positions` are the open positions valued at the current quotes. */
    async detail(user: UserRecord, positions: readonly PositionValue[] = []): Promise<ForexDetail> {
      const account = await ensure(user);
      return accountDetail(account.balance, account.lockBalance, positions);
    },

    async ledger(
      user: UserRecord,
      page: number,
      language: Language,
    ): Promise<{ data: LedgerRow[]; total: number }> {
      await ensure(user);
      const { rows, total } = await repository.ledgerPage(user.id, page, PAGE_SIZE);
      return {
        data: rows.map((r) => ({
          Id: r.id,
          Value: microsToNumber(r.amount),
          Balance: microsToNumber(r.balanceAfter),
          MemoTran: translateMessage(language, `ledger.${r.kind}`),
          CreatedAtTran: wireTime(r.createdAt),
        })),
        total,
      };
    },

    /**
     * Demo accounts only: back to the start balance with one ledger row, inside the caller's
     * transaction and lock (the trading domain first closes positions and cancels orders).
     */
    async resetDemoWithin(user: UserRecord, trx: Transaction<Database>): Promise<Balance> {
      if (!user.isDemo) throw new AppError('DEMO_ACCOUNT_ONLY');
      const current = (await repository.find(user.id, trx))!;
      if (current.lockBalance !== 0n) throw new Error('reset with reserved funds left');
      const account = await apply(
        current,
        [{ kind: 'demo-reset', amount: startBalance - current.balance }],
        null,
        trx,
      );
      return {
        balance: microsToNumber(account.balance),
        lock_balance: microsToNumber(account.lockBalance),
      };
    },

    /** The demo reset on its own (no trading domain: nothing to close first). */
    async resetDemo(user: UserRecord): Promise<Balance> {
      if (!user.isDemo) throw new AppError('DEMO_ACCOUNT_ONLY');
      await ensure(user);
      return locks.run(user.id, () =>
        db.transaction().execute((trx) => this.resetDemoWithin(user, trx)),
      );
    },

    /** The ledger checker: Σ ledger = balance. */
    async verifyLedger(userId: number): Promise<boolean> {
      const account = await repository.find(userId);
      return account !== undefined && (await repository.ledgerSum(userId)) === account.balance;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
