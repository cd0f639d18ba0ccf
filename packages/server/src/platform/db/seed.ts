import type { Store } from './database.ts';
import { createSettingsStore } from './settings-store.ts';

/** A module's own starting rows (its catalogue, default channels, areas…): idempotent, like seed. */
export type DomainSeed = (db: Store['db']) => Promise<void>;

/** Settings a fresh installation starts with; an operator's later change is never overwritten. */
export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = {
  app_name: 'TradeDesk',
  is_show_mobile: '1',
  verify_reg_type: '1',
  trade_fee_type: '2',
  // Empty with type 1: the built-in support chat at /mine/chat (issue 12); an operator may
  // point it at an external service instead.
  service_link: '',
  service_link_type: '1',
  complaint_email: 'complaints@tradedesk.example',
};

/**
 * Idempotent: inserts what is missing, never changes what is there. The platform's own rows
 * (settings) first, then each module's, in the order the composition root lists them.
 */
export async function seed(store: Store, domainSeeds: readonly DomainSeed[] = []): Promise<void> {
  await createSettingsStore(store.db).addMissing(DEFAULT_SETTINGS);
  for (const seedDomain of domainSeeds) await seedDomain(store.db);
}
