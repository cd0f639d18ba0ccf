import {
  addMicros,
  type CloseReason,
  type LedgerEntry,
  type Micros,
  marginHeldDelta,
  ZERO_MICROS,
} from '@tradedesk/engine';
import type { Transaction } from 'kysely';
import type { StoreTables } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { SettingsSnapshot } from '../db/settings-snapshot.ts';
import type { AccountEvent } from './account-commit.ts';
import type { AccountState, NewLedgerRow } from './accounts.repository.ts';

/**
 * A command's transaction: the store's, since a command writes every module's tables through
 * their repositories (ctx.repository); no command sees it itself.
 */
export type Trx = Transaction<StoreTables>;

/** What ledger rows point at: an order by its id, or a deposit or withdrawal. */
export type LedgerRef = number | null | { fundingId: number };

/** What a command sees and does: the locked account as it stands so far, and its effects. */
export interface CommandContext {
  readonly accountId: number;
  /** When the command runs: every row it writes carries this time. */
  readonly at: number;
  /**
   * A repository bound to this command's transaction (one per factory per command): what it
   * reads is under the command's lock, what it writes commits or rolls back with it. The only
   * way a command reaches its transaction, each module through its own tables.
   */
  repository<R>(create: (executor: Executor<StoreTables>) => R): R;
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

/** What a command changed, for the core to write once its rules ran. */
export interface CommandChanges {
  /** The account with the command's postings applied. */
  state: AccountState;
  ledger: NewLedgerRow[];
  events: AccountEvent[];
}

/**
 * The context of one command on an account read under its lock: postings change `state` and
 * add ledger rows, events wait for the commit, repositories are bound to `trx`.
 */
export function createCommandContext(input: {
  trx: Trx;
  accountId: number;
  at: number;
  /** The account as read under the lock. */
  read: AccountState;
  policies: readonly CommandPolicy[];
  /** The settings as this command reads them (the node's cache, or its transaction). */
  settings: (trx: Trx) => Promise<SettingsSnapshot>;
}): { ctx: CommandContext; changes: CommandChanges } {
  const { trx, accountId, at, policies } = input;
  const changes: CommandChanges = { state: { ...input.read }, ledger: [], events: [] };
  const { state, ledger, events } = changes;
  const repositories = new Map<(executor: Executor<StoreTables>) => unknown, unknown>();
  let settings: Promise<SettingsSnapshot> | undefined;
  const ctx: CommandContext = {
    accountId,
    at,
    repository<R>(create: (executor: Executor<StoreTables>) => R): R {
      if (!repositories.has(create)) repositories.set(create, create(trx));
      return repositories.get(create) as R;
    },
    settings() {
      settings ??= input.settings(trx);
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
  return { ctx, changes };
}
