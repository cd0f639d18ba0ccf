import type { Kysely } from 'kysely';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import type { Store } from './database.ts';
import type { Database } from './schema.ts';

/** A domain's own starting rows (its catalogue, default channels…): idempotent, like seed. */
export type DomainSeed = (db: Kysely<Database>) => Promise<void>;

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
 * A stable id per ISO code ('AD' → 30), so area ids never move when the list of
 * territories grows.
 */
export function areaIdOf(isoCode: string): number {
  const a = isoCode.charCodeAt(0) - 65;
  const b = isoCode.charCodeAt(1) - 65;
  return a * 26 + b + 1;
}

export function allAreas(): { id: number; code: string; global_code: string }[] {
  return getCountries()
    .filter((code) => /^[A-Z]{2}$/.test(code))
    .map((code) => ({ id: areaIdOf(code), code, global_code: getCountryCallingCode(code) }))
    .sort((x, y) => x.code.localeCompare(y.code));
}

/**
 * Idempotent: inserts what is missing, never changes what is there. The platform's own rows
 * (settings, areas) first, then each domain's, in the order the composition root lists them.
 */
export async function seed(store: Store, domainSeeds: readonly DomainSeed[] = []): Promise<void> {
  await store.db
    .insertInto('settings')
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await store.db
    .insertInto('areas')
    .values(allAreas())
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  for (const seedDomain of domainSeeds) await seedDomain(store.db);
}
