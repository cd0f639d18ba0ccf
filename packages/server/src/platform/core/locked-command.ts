import { runInCommand } from '../db/command-scope.ts';
import {
  readSettingsSnapshot,
  type SettingsCache,
  type SettingsSnapshot,
} from '../db/settings-snapshot.ts';
import { AppError } from '../http/app-error.ts';
import type { AccountCommit } from './account-commit.ts';
import type { AccountState, AccountsOn, AccountsRepository } from './accounts.repository.ts';
import {
  type AccountCommand,
  type CommandChanges,
  type CommandPolicy,
  createCommandContext,
  type Trx,
} from './command-context.ts';
import type { Outbox } from './outbox.ts';

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

/** The account changed under a command that held its lock: a defect, never a user's fault. */
export class StaleStateError extends Error {
  constructor(what: string) {
    super(`stale state: ${what}`);
    this.name = 'StaleStateError';
  }
}

/** What runs a command on a locked account. */
export interface LockedCommandDeps {
  accountsOn: AccountsOn;
  outbox: Outbox;
  now: () => number;
  /** The node's settings, kept until 'settings.changed'; without it each command reads them. */
  settings?: SettingsCache | undefined;
  /** The domains' rules around every command (added while the app is built). */
  policies: readonly CommandPolicy[];
}

/** A commit written to the outbox, to publish once its transaction committed. */
export interface WrittenCommit {
  id: number;
  commit: AccountCommit;
}

/**
 * The account under its lock (ARCHITECTURE.md step 1), opened first when asked: whether this
 * command opened it, and the account as read.
 */
async function lockAccount(
  accounts: AccountsRepository,
  accountId: number,
  at: number,
  options: ExecuteOptions,
): Promise<{ read: AccountState; opened: boolean }> {
  let locked = await accounts.lock(accountId);
  let opened = false;
  if (!locked && options.create) {
    opened = await accounts.create(accountId, at);
    locked = await accounts.lock(accountId);
  }
  if (!locked) throw new AppError('NOT_FOUND');
  return { read: locked, opened };
}

/**
 * Steps 3 and 4: the ledger rows, the account compared on the version read under the lock,
 * the commit in the outbox. Nothing is written for a command that changed nothing.
 */
async function writeChanges(
  deps: LockedCommandDeps,
  trx: Trx,
  accounts: AccountsRepository,
  read: AccountState,
  changes: CommandChanges,
  command: { name: string; at: number },
): Promise<WrittenCommit | null> {
  const { state, ledger, events } = changes;
  const changed = ledger.length > 0 || events.length > 0 || state.lockBalance !== read.lockBalance;
  if (!changed) return null;
  state.version = read.version + 1;
  await accounts.appendLedger(ledger);
  // Compare-and-set on the version read under the lock: exactly this row, exactly once.
  if (!(await accounts.writeState(state, read.version, command.at)))
    throw new StaleStateError(`account ${read.userId} moved during ${command.name}`);
  const commit: AccountCommit = {
    accountId: read.userId,
    version: state.version,
    balance: state.balance,
    lockBalance: state.lockBalance,
    at: command.at,
    events,
  };
  return { id: await deps.outbox.append(commit, trx), commit };
}

/**
 * One command on one account inside `trx` (ARCHITECTURE.md "Trading path"): the account
 * locked (and opened when asked), the lease fence, the rules with every domain's policy around
 * them, then the account, its ledger rows and the outbox row written.
 */
export async function runLocked<T>(
  deps: LockedCommandDeps,
  trx: Trx,
  accountId: number,
  command: AccountCommand<T>,
  options: ExecuteOptions,
): Promise<{ result: T; commit: WrittenCommit | null }> {
  const at = deps.now();
  const accounts = deps.accountsOn(trx);
  const { read, opened } = await lockAccount(accounts, accountId, at, options);
  // Scale-out: a trigger fired by a partition's owner commits only while the partition's
  // lease is still that node's (checked under a share lock that a takeover waits for).
  await options.fence?.(trx);
  const { policies } = deps;
  const { ctx, changes } = createCommandContext({
    trx,
    accountId,
    at,
    read,
    policies,
    settings: (executor): Promise<SettingsSnapshot> =>
      deps.settings ? deps.settings.snapshot(executor) : readSettingsSnapshot(executor),
  });
  const result = await runInCommand(command.name, async () => {
    if (opened) for (const policy of policies) await policy.onOpen?.(ctx);
    const decided = await command.run(ctx);
    for (const policy of policies) await policy.beforeCommit?.(ctx);
    return decided;
  });
  const commit = await writeChanges(deps, trx, accounts, read, changes, { name: command.name, at });
  return { result, commit };
}
