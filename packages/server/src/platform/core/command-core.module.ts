import type { AppModule } from '../app/module.ts';
import type { Bus } from '../bus/bus.ts';
import type { Store } from '../db/database.ts';
import { createSettingsCache } from '../db/settings-snapshot.ts';
import {
  type AccountReads,
  type AccountsOn,
  createAccountReads,
  createAccountsRepository,
} from './accounts.repository.ts';
import { type CommandCore, createCommandCore } from './command-core.ts';
import { DEFAULT_GROUP_COMMIT, POSTGRES_GROUP_COMMIT } from './group-commit.ts';
import { createLedgerPages, type LedgerPages } from './ledger-pages.ts';
import { createOutbox, type Outbox } from './outbox.ts';

/**
 * The account command core and its outbox: commits are published after they are durable, and
 * rows a stopped node left unpublished are swept at start. Stops after every module that may
 * still commit (they were added after it). Beside the core: the accounts as they stand and the
 * ledger's pages (on the root database), and the accounts repository on any transaction
 * (`accountsOn`: a share lock inside a command, memory's consistent snapshots).
 */
export const commandCoreModule: AppModule<
  { store: Store; bus: Bus; now: () => number; onError: (error: unknown) => void },
  {
    core: CommandCore;
    outbox: Outbox;
    accounts: AccountReads;
    accountsOn: AccountsOn;
    ledger: LedgerPages;
  }
> = {
  name: 'command-core',
  register(_app, { store, bus, now, onError }) {
    const outbox = createOutbox({ db: store.db, bus, now, onError });
    const lockRows = store.dialect === 'postgres';
    const accountsOn: AccountsOn = (executor) => createAccountsRepository(executor, { lockRows });
    const settings = createSettingsCache(bus);
    const core = createCommandCore({
      db: store.db,
      accountsOn,
      outbox,
      now,
      settings,
      groupCommit: store.dialect === 'postgres' ? POSTGRES_GROUP_COMMIT : DEFAULT_GROUP_COMMIT,
    });
    return {
      api: {
        core,
        outbox,
        accounts: createAccountReads(store.db),
        accountsOn,
        ledger: createLedgerPages(store.db),
      },
      async start() {
        outbox.start();
        await outbox.sweep();
      },
      stop: () => outbox.stop(),
    };
  },
};
