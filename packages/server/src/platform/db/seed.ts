import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { seedDefaultCompanies } from '../domains/company/default-companies.ts';
import { seedDefaultChannels } from '../domains/funding/default-channels.ts';
import { CATALOGUE, CATEGORIES } from '../domains/market/catalogue.ts';
import { instrumentToRow } from '../domains/market/market.repository.ts';
import type { Store } from './database.ts';

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

/** Idempotent: inserts what is missing, never changes what is there. */
export async function seed(store: Store): Promise<void> {
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
  await store.db
    .insertInto('categories')
    .values(CATEGORIES.map((c) => ({ id: c.id, name_key: c.key })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await store.db
    .insertInto('instruments')
    .values(CATALOGUE.map((entry, index) => instrumentToRow(entry, index + 1)))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await seedDefaultChannels(store.db);
  await seedDefaultCompanies(store.db);
}
