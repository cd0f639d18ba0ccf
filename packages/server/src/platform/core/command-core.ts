import type { Kysely } from 'kysely';
import type { StoreTables } from '../db/database.ts';
import type { SettingsCache } from '../db/settings-snapshot.ts';
import { currentTrace, markPhase } from '../metrics/phase-trace.ts';
import { createAccountQueue } from './account-queue.ts';
import { type AccountState, type AccountsOn, createAccountReads } from './accounts.repository.ts';
import type { AccountCommand, CommandPolicy } from './command-context.ts';
import { createGroupCommit, DEFAULT_GROUP_COMMIT, type GroupCommitLimits } from './group-commit.ts';
import { type ExecuteOptions, runLocked, type WrittenCommit } from './locked-command.ts';
import type { Outbox } from './outbox.ts';

export type {
  AccountCommand,
  CommandContext,
  CommandPolicy,
  LedgerRef,
  Trx,
} from './command-context.ts';
export { type ExecuteOptions, StaleStateError } from './locked-command.ts';

/** One side of a linked command: the account, its command, whether to open the account. */
export interface LinkedCommand<T> {
  accountId: number;
  command: AccountCommand<T>;
  create?: boolean;
}

/**
 * The account command core (ARCHITECTURE.md "Trading path"): the one path every command that
 * changes an account's money or positions takes.
 * 1. Lock the account: `SELECT … FOR UPDATE` on PostgreSQL, SQLite's single writer (and, in
 *    this process, one command per account at a time, so waiting costs no connection).
 * 2. The command reads what it needs from the database and decides; memory never decides.
 * 3. Ledger rows and the account written once, compared with the version read in step 1
 *    (exactly one row must change); CHECK constraints refuse a negative balance or lock.
 * 4. The commit's events go to the outbox in the same transaction; after commit they are
 *    published on the bus, where memory picks them up.
 * Two processes on one database therefore never pay twice, whatever their memories believe.
 */
export function createCommandCore(deps: {
  db: Kysely<StoreTables>;
  /** The accounts repository on a command's transaction. */
  accountsOn: AccountsOn;
  outbox: Outbox;
  now: () => number;
  /** The node's settings, kept until 'settings.changed'; without it each command reads them. */
  settings?: SettingsCache;
  /** Batch size and time of group commit (DEFAULT_GROUP_COMMIT when absent). */
  groupCommit?: GroupCommitLimits;
}) {
  const { db, outbox } = deps;
  const group = createGroupCommit(db, deps.groupCommit ?? DEFAULT_GROUP_COMMIT);
  const policies: CommandPolicy[] = [];
  const queue = createAccountQueue();
  const locked = { ...deps, policies };
  const accounts = createAccountReads(db);

  /** After commit: each written commit goes out on the bus, in order. */
  async function publish(commits: readonly (WrittenCommit | null)[]): Promise<void> {
    for (const done of commits) if (done) await outbox.publish(done.id, done.commit);
  }

  function execute<T>(
    accountId: number,
    command: AccountCommand<T>,
    options: Partial<ExecuteOptions> = {},
  ): Promise<T> {
    const trace = currentTrace();
    markPhase(trace, 'queued');
    return queue(accountId, async () => {
      const { result, commit } = await group.submit((trx) =>
        runLocked(locked, trx, accountId, command, {
          ...options,
          create: options.create ?? false,
        }),
      );
      await publish([commit]);
      markPhase(trace, 'published');
      return result;
    });
  }

  /**
   * Two commands on two accounts in one transaction: both commit or neither (a transfer
   * between a follower's account and its copy account). The accounts are queued in id order,
   * so two linked commands of one pair never wait on each other in this process; their row
   * locks are taken first account first, and a deadlock with another node's batch is retried
   * by group commit like any lock conflict.
   */
  function executeLinked<A, B>(
    first: LinkedCommand<A>,
    second: { accountId: number; create?: boolean; command: (first: A) => AccountCommand<B> },
  ): Promise<[A, B]> {
    if (first.accountId === second.accountId)
      throw new Error('a linked command needs two different accounts');
    const low = Math.min(first.accountId, second.accountId);
    const high = Math.max(first.accountId, second.accountId);
    return queue(low, () =>
      queue(high, async () => {
        const { a, b } = await group.submit(async (trx) => {
          const a = await runLocked(locked, trx, first.accountId, first.command, {
            create: first.create ?? false,
          });
          const b = await runLocked(locked, trx, second.accountId, second.command(a.result), {
            create: second.create ?? false,
          });
          return { a, b };
        });
        await publish([a.commit, b.commit]);
        return [a.result, b.result] as [A, B];
      }),
    );
  }

  /**
   * A command on one account that, in the same transaction, opens a second account it has
   * just created (a copy account) and runs a command there: both commit or neither, and no
   * half-made account is ever left to clean up. The first command answers which account and
   * command follow (null: none — an idempotent replay). The new account needs no in-process
   * queue: nobody else can know its id before this transaction commits.
   */
  function executeThenOpen<A, B>(
    first: LinkedCommand<A>,
    then: (first: A) => { accountId: number; command: AccountCommand<B> } | null,
  ): Promise<[A, B | null]> {
    return queue(first.accountId, async () => {
      const { a, b } = await group.submit(async (trx) => {
        const a = await runLocked(locked, trx, first.accountId, first.command, {
          create: first.create ?? false,
        });
        const next = then(a.result);
        const b =
          next && (await runLocked(locked, trx, next.accountId, next.command, { create: true }));
        return { a, b };
      });
      await publish([a.commit, b?.commit ?? null]);
      return [a.result, b ? b.result : null] as [A, B | null];
    });
  }

  const openAccount: AccountCommand<AccountState> = {
    name: 'open-account',
    run: async (ctx) => ({ ...ctx.account }),
  };

  return {
    /**
     * Runs `command` on the account under its lock, in one transaction; publishes its events
     * after commit. A refusal (AppError) rolls back and changes nothing.
     */
    execute,
    executeLinked,
    executeThenOpen,

    /** The account, opened on first use (the policies' `onOpen` rules run: a demo is funded). */
    async open(accountId: number): Promise<AccountState> {
      return (await accounts.find(accountId)) ?? execute(accountId, openAccount, { create: true });
    },

    /** Committed transactions and the commands in them, since start (group commit). */
    commitCounts: () => group.counts(),

    /** Adds a domain's rules to every command. */
    use(policy: CommandPolicy): void {
      policies.push(policy);
    },
  };
}

export type CommandCore = ReturnType<typeof createCommandCore>;
