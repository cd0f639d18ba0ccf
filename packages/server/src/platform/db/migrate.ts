import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Store } from './database.ts';
import { accountsMigration } from './migrations/001-accounts.ts';
import { marketMigration } from './migrations/002-market.ts';
import { accountsLedgerMigration } from './migrations/003-accounts-ledger.ts';
import { ordersMigration } from './migrations/004-orders.ts';
import { commandCoreMigration } from './migrations/005-command-core.ts';
import { backOfficeMigration } from './migrations/006-back-office.ts';
import { fundingMigration } from './migrations/007-funding.ts';
import { contentMigration } from './migrations/008-content.ts';
import { complaintsMigration } from './migrations/009-complaints.ts';
import { supportChatMigration } from './migrations/010-support-chat.ts';
import { rankingMigration } from './migrations/011-ranking.ts';
import { companiesMigration } from './migrations/012-companies.ts';
import { marginHeldMigration } from './migrations/013-margin-held.ts';
import { noticeOutboxMigration } from './migrations/014-notice-outbox.ts';
import { depositFourEyesMigration } from './migrations/015-deposit-four-eyes.ts';
import { leasesMigration } from './migrations/016-leases.ts';
import { copyTradingMigration } from './migrations/017-copy-trading.ts';
import { copyConsentMigration } from './migrations/018-copy-consent.ts';
import { copyOutboxRetriesMigration } from './migrations/019-copy-outbox-retries.ts';
import { firstPasswordAndAnswersMigration } from './migrations/020-first-password-and-answers.ts';
import { orderManagementMigration } from './migrations/021-order-management.ts';
import { priceAlertsMigration } from './migrations/022-price-alerts.ts';
import { notificationsMigration } from './migrations/023-notifications.ts';

/** Migrations in order; the same list runs on SQLite and PostgreSQL. */
function migrationsFor(store: Store): Record<string, Migration> {
  return {
    '001-accounts': accountsMigration(store.dialect),
    '002-market': marketMigration(store.dialect),
    '003-accounts-ledger': accountsLedgerMigration(store.dialect),
    '004-orders': ordersMigration(store.dialect),
    '005-command-core': commandCoreMigration(store.dialect),
    '006-back-office': backOfficeMigration(store.dialect),
    '007-funding': fundingMigration(store.dialect),
    '008-content': contentMigration(store.dialect),
    '009-complaints': complaintsMigration(store.dialect),
    '010-support-chat': supportChatMigration(store.dialect),
    '011-ranking': rankingMigration(store.dialect),
    '012-companies': companiesMigration(store.dialect),
    '013-margin-held': marginHeldMigration(store.dialect),
    '014-notice-outbox': noticeOutboxMigration(store.dialect),
    '015-deposit-four-eyes': depositFourEyesMigration(store.dialect),
    '016-leases': leasesMigration(store.dialect),
    '017-copy-trading': copyTradingMigration(store.dialect),
    '018-copy-consent': copyConsentMigration(),
    '019-copy-outbox-retries': copyOutboxRetriesMigration(),
    '020-first-password-and-answers': firstPasswordAndAnswersMigration(),
    '021-order-management': orderManagementMigration(store.dialect),
    '022-price-alerts': priceAlertsMigration(store.dialect),
    '023-notifications': notificationsMigration(store.dialect),
  };
}

export async function migrateToLatest(store: Store): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(store) };
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}
