import {
  addMicros,
  type CloseReason,
  type LedgerEntry,
  type Micros,
  marginHeldDelta,
  ZERO_MICROS,
} from '@tradedesk/engine';
import type { Kysely, Transaction } from 'kysely';
import { runInCommand } from '../db/command-scope.ts';
import type { Executor } from '../db/executor.ts';
import type { Database } from '../db/schema.ts';
import {
  readSettingsSnapshot,
  type SettingsCache,
  type SettingsSnapshot,
} from '../db/settings-snapshot.ts';
import { AppError } from '../http/app-error.ts';
import type { AccountCommit, AccountEvent } from './account-commit.ts';
import type { AccountState, AccountsRepository, NewLedgerRow } from './accounts.repository.ts';
import { createGroupCommit, DEFAULT_GROUP_COMMIT, type GroupCommitLimits } from './group-commit.ts';
import type { Outbox } from './outbox.ts';

export type Trx = Transaction<Database>;

/** What ledger rows point at: an order by its id, or a deposit or withdrawal. */
export type LedgerRef = number | null | { fundingId: number };

/** What a command sees and does: the locked account as it stands so far, and its effects. */
export interface CommandContext {
  readonly trx: Trx;
  readonly accountId: number;
  /** When the command runs: every row it writes carries this time. */
  readonly at: number;
  /**
   * A repository bound to this command's transaction (one per factory per command): what it
   * reads is under the command's lock, what it writes commits or rolls back with it.
   */
  repository<R>(create: (executor: Executor) => R): R;
  /**
   * The operators' settings, read once per command inside its transaction after the lock:
   * every rule of the command decides on the same view (a fee type, say).
   */
  settings(): Promise<SettingsSnapshot>;
  /** The account as read under its lock, with this command's postings applied so far. */
  readonly account: Readonly<AccountState>;
  /**
   * Moves money: one ledger row per entry (balance after each), and lock_balance by
   * `lockDelta`. `ref`: the order (a number) or the deposit or withdrawal the rows belong to.
   */
  post(entries: readonly LedgerEntry[], ref: LedgerRef, lockDelta?: Micros): void;
  /**
   * What may leave the balance now: the balance, less whatever a domain's rules keep
   * (trading: the free margin of open positions), read under this command's lock.
   */
  available(): Promise<Micros>;
  /** An event published after commit (and only if the command commits). */
  emit(event: AccountEvent): void;
  /** The events emitted so far (a command that moved no order still sees the state it read). */
  readonly events: readonly AccountEvent[];
  /** Asks every domain holding something of the account to give it up (demo reset). */
  windDown(reason: CloseReason): Promise<void>;
}

/** A command's rules; the core supplies the sequence around them. */
export interface AccountCommand<T> {
  /** For logs and errors. */
  name: string;
  run(ctx: CommandContext): Promise<T>;
}

/** Rules a domain adds to every command of every account. */
export interface CommandPolicy {
  /** Runs after the command, before anything is written (trading: no negative balance left). */
  beforeCommit?(ctx: CommandContext): Promise<void>;
  /** Gives up what the domain holds of the account, inside the command (demo reset). */
  windDown?(ctx: CommandContext, reason: CloseReason): Promise<void>;
  /** Runs in the command that opens the account, before the command's own rules (funds a demo). */
  onOpen?(ctx: CommandContext): Promise<void>;
  /** The most this domain lets leave the balance now (trading: the free margin). */
  available?(ctx: CommandContext): Promise<Micros>;
}

/** How a command runs besides its rules. */
export interface ExecuteOptions {
  /** Open the account row first if there is none (the first command of a user). */
  create: boolean;
  /**
   * A check inside the transaction, after the account's lock, that must pass for the command
   * to commit (scale-out: the partition's lease, platform/cluster/ownership.ts).
   */
  fence?: (trx: Trx) => Promise<void>;
}

/** One side of a linked command: the account, its command, whether to open the account. */
export interface LinkedCommand<T> {
  accountId: number;
  command: AccountCommand<T>;
  create?: boolean;
}

/** The account changed under a command that held its lock: a defect, never a user's fault. */
export class StaleStateError extends Error {
  constructor(what: string) {
    super(`stale state: ${what}`);
    this.name = 'StaleStateError';
  }
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
  db: Kysely<Database>;
  accounts: AccountsRepository;
  outbox: Outbox;
  now: () => number;
  /** The node's settings, kept until 'settings.changed'; without it each command reads them. */
  settings?: SettingsCache;
  /** Batch size and time of group commit (DEFAULT_GROUP_COMMIT when absent). */
  groupCommit?: GroupCommitLimits;
}) {
  const { db, accounts, outbox, now } = deps;
  const group = createGroupCommit(db, deps.groupCommit ?? DEFAULT_GROUP_COMMIT);
  const policies: CommandPolicy[] = [];
  /** In-process queue per account: commands of one account wait here, not on a row lock. */
  const tails = new Map<number, Promise<unknown>>();

  function queue<T>(accountId: number, run: () => Promise<T>): Promise<T> {
    const previous = tails.get(accountId) ?? Promise.resolve();
    const result = previous.then(run, run);
    const tail = result.catch(() => {});
    tails.set(accountId, tail);
    void tail.then(() => {
      if (tails.get(accountId) === tail) tails.delete(accountId);
    });
    return result;
  }

  async function runLocked<T>(
    trx: Trx,
    accountId: number,
    command: AccountCommand<T>,
    options: ExecuteOptions,
  ): Promise<{ result: T; commit: { id: number; commit: AccountCommit } | null }> {
    const at = now();
    let locked = await accounts.lock(accountId, trx);
    let opened = false;
    if (!locked && options.create) {
      opened = await accounts.create(accountId, at, trx);
      locked = await accounts.lock(accountId, trx);
    }
    if (!locked) throw new AppError('NOT_FOUND');
    // Scale-out: a trigger fired by a partition's owner commits only while the partition's
    // lease is still that node's (checked under a share lock that a takeover waits for).
    await options.fence?.(trx);
    const read = locked;
    const state: AccountState = { ...read };
    const ledger: NewLedgerRow[] = [];
    const events: AccountEvent[] = [];
    const repositories = new Map<(executor: Executor) => unknown, unknown>();
    let settings: Promise<SettingsSnapshot> | undefined;
    const ctx: CommandContext = {
      trx,
      accountId,
      at,
      repository<R>(create: (executor: Executor) => R): R {
        if (!repositories.has(create)) repositories.set(create, create(trx));
        return repositories.get(create) as R;
      },
      settings() {
        settings ??= deps.settings ? deps.settings.snapshot(trx) : readSettingsSnapshot(trx);
        return settings;
      },
      account: state,
      post(entries, ref, lockDelta = ZERO_MICROS) {
        const orderId = typeof ref === 'number' ? ref : null;
        const fundingId = ref !== null && typeof ref === 'object' ? ref.fundingId : null;
        for (const entry of entries) {
          state.balance = addMicros(state.balance, entry.amount);
          // Margin leaving the balance is held by the position, not gone (CHECK: a balance
          // below 0 only beside margin held).
          state.marginHeld = addMicros(state.marginHeld, marginHeldDelta(entry));
          ledger.push({
            userId: accountId,
            amount: entry.amount,
            kind: entry.kind,
            orderId,
            fundingId,
            balanceAfter: state.balance,
            at,
          });
        }
        state.lockBalance = addMicros(state.lockBalance, lockDelta);
      },
      async available() {
        let most = state.balance;
        for (const policy of policies) {
          const allowed = await policy.available?.(ctx);
          if (allowed !== undefined && allowed < most) most = allowed;
        }
        return most < 0n ? ZERO_MICROS : most;
      },
      emit(event) {
        events.push(event);
      },
      events,
      async windDown(reason) {
        for (const policy of policies) await policy.windDown?.(ctx, reason);
      },
    };
    const result = await runInCommand(command.name, async () => {
      if (opened) for (const policy of policies) await policy.onOpen?.(ctx);
      const decided = await command.run(ctx);
      for (const policy of policies) await policy.beforeCommit?.(ctx);
      return decided;
    });
    const changed =
      ledger.length > 0 || events.length > 0 || state.lockBalance !== read.lockBalance;
    if (!changed) return { result, commit: null };
    state.version = read.version + 1;
    await accounts.appendLedger(ledger, trx);
    // Compare-and-set on the version read under the lock: exactly this row, exactly once.
    if (!(await accounts.writeState(state, read.version, at, trx)))
      throw new StaleStateError(`account ${accountId} moved during ${command.name}`);
    const commit: AccountCommit = {
      accountId,
      version: state.version,
      balance: state.balance,
      lockBalance: state.lockBalance,
      at,
      events,
    };
    const id = await outbox.append(commit, trx);
    return { result, commit: { id, commit } };
  }

  function execute<T>(
    accountId: number,
    command: AccountCommand<T>,
    options: Partial<ExecuteOptions> = {},
  ): Promise<T> {
    return queue(accountId, async () => {
      const { result, commit } = await group.submit((trx) =>
        runLocked(trx, accountId, command, { ...options, create: options.create ?? false }),
      );
      if (commit) await outbox.publish(commit.id, commit.commit);
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
          const a = await runLocked(trx, first.accountId, first.command, {
            create: first.create ?? false,
          });
          const b = await runLocked(trx, second.accountId, second.command(a.result), {
            create: second.create ?? false,
          });
          return { a, b };
        });
        for (const done of [a.commit, b.commit])
          if (done) await outbox.publish(done.id, done.commit);
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
        const a = await runLocked(trx, first.accountId, first.command, {
          create: first.create ?? false,
        });
        const next = then(a.result);
        const b = next && (await runLocked(trx, next.accountId, next.command, { create: true }));
        return { a, b };
      });
      for (const done of [a.commit, b?.commit ?? null])
        if (done) await outbox.publish(done.id, done.commit);
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
