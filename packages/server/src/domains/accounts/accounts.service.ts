import type { Balance, Language, LedgerRow } from '@tradedesk/contract';
import { PAGE_SIZE } from '@tradedesk/contract';
import { translateMessage } from '@tradedesk/contract/messages';
import { type Micros, microsToNumber, parseMicros, subtractMicros } from '@tradedesk/engine';
import type { AccountReads, AccountRecord } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { LedgerPages, LedgerRecord } from '../../platform/core/ledger-pages.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { wireTime } from '../../platform/http/wire-time.ts';
import { createUserDirectory, type UserRecord } from '../users/index.ts';

const toBalance = (account: { balance: Micros; lockBalance: Micros }): Balance => ({
  balance: microsToNumber(account.balance),
  lock_balance: microsToNumber(account.lockBalance),
});

/**
 * Balances and the ledger. Money moves only through the command core; this service opens
 * accounts (a demo account with its funds), resets demo accounts and shows the ledger.
 */
export function createAccountsService(deps: {
  /** The accounts as they stand (root database). */
  accounts: AccountReads;
  ledger: LedgerPages;
  core: CommandCore;
  demoStartBalance: string;
}) {
  const { accounts, ledger, core } = deps;
  const startBalance = parseMicros(deps.demoStartBalance);
  /** What other domains give back first, each with commands of their own (copying: copies). */
  const beforeReset: ((user: UserRecord) => Promise<void>)[] = [];

  // Opening an account is a rule of this domain, whichever command opens it (a first order
  // too): a demo account starts with its funds, one ledger row, in that same command. A demo
  // follower's copy account is demo money too, but opens with what the follower moves in.
  core.use({
    async onOpen(ctx) {
      const owner = await ctx.repository(createUserDirectory).find(ctx.accountId);
      if (owner?.isDemo && owner.ownerId === null)
        ctx.post([{ kind: 'demo-credit', amount: startBalance }], null);
    },
  });

  /** The account, opened on first use. */
  const ensure = (user: UserRecord): Promise<AccountRecord> => core.open(user.id);

  const toLedgerRow = (r: LedgerRecord, language: Language): LedgerRow => ({
    Id: r.id,
    Value: microsToNumber(r.amount),
    Balance: microsToNumber(r.balanceAfter),
    MemoTran: translateMessage(language, `ledger.${r.kind}`),
    CreatedAtTran: wireTime(r.createdAt),
  });

  /**
   * A ledger page as the wire shows it. The back office reads every row: the ledger is the
   * audit trail, and Σ ledger = balance is checked over all of them.
   */
  async function ledgerOf(
    userId: number,
    page: number,
    language: Language,
    options: { traderView: boolean } = { traderView: false },
  ): Promise<{ data: LedgerRow[]; total: number }> {
    const { rows, total } = await ledger.page(userId, page, PAGE_SIZE, options);
    return { data: rows.map((r) => toLedgerRow(r, language)), total };
  }

  return {
    ensure,
    async balance(user: UserRecord): Promise<Balance> {
      return toBalance(await ensure(user));
    },
    async ledger(
      user: UserRecord,
      page: number,
      language: Language,
    ): Promise<{ data: LedgerRow[]; total: number }> {
      await ensure(user);
      // Without a withdrawal's payout of 0 ("paid out of the held amount 0.00"): it stays
      // stored and in the back office's view (ledger-pages' HELD_AMOUNT_ONLY_KINDS says why).
      return ledgerOf(user.id, page, language, { traderView: true });
    },
    /**
     * A page of the whole ledger without opening the account (the back office only reads),
     * each row with its kind and the deposit or withdrawal it belongs to.
     */
    async backOfficeLedger(
      userId: number,
      page: number,
      language: Language,
    ): Promise<{
      data: (LedgerRow & Pick<LedgerRecord, 'kind' | 'fundingId'>)[];
      total: number;
    }> {
      const { rows, total } = await ledger.page(userId, page, PAGE_SIZE, { traderView: false });
      return {
        data: rows.map((r) => ({
          ...toLedgerRow(r, language),
          kind: r.kind,
          fundingId: r.fundingId,
        })),
        total,
      };
    },
    /** Balances of many users as they stand; an account not opened yet holds nothing. */
    async balancesOf(userIds: readonly number[]): Promise<Map<number, Balance>> {
      const found = await accounts.findMany(userIds);
      const balances = new Map(found.map((account) => [account.userId, toBalance(account)]));
      for (const id of userIds)
        if (!balances.has(id)) balances.set(id, { balance: 0, lock_balance: 0 });
      return balances;
    },
    /**
     * Demo reset (DECISIONS.md): every domain first gives up what it holds (trading cancels
     * pending orders and closes positions), then the start balance, one ledger row — one
     * command, one transaction.
     */
    async resetDemo(user: UserRecord): Promise<Balance> {
      if (!user.isDemo) throw new AppError('DEMO_ACCOUNT_ONLY');
      await ensure(user);
      // Money held in other accounts of the user (a copy's) comes home first, so the fresh
      // start is the start balance — not the start plus what a copy returns after it.
      for (const hook of beforeReset) await hook(user);
      return core.execute(user.id, {
        name: 'demo-reset',
        async run(ctx) {
          await ctx.windDown('demo-reset');
          if (ctx.account.lockBalance !== 0n) throw new Error('demo reset left funds reserved');
          ctx.post(
            [{ kind: 'demo-reset', amount: subtractMicros(startBalance, ctx.account.balance) }],
            null,
          );
          return toBalance(ctx.account);
        },
      });
    },
    /**
     * Registers what must happen before a demo reset's command, outside it (linked commands of
     * other accounts); the domain's windDown refuses the reset if anything came back meanwhile.
     */
    beforeDemoReset(hook: (user: UserRecord) => Promise<void>): void {
      beforeReset.push(hook);
    },
    /** The ledger checker: Σ ledger = balance. */
    async verifyLedger(userId: number): Promise<boolean> {
      const account = await accounts.find(userId);
      return account !== undefined && (await ledger.sum(userId)) === account.balance;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
