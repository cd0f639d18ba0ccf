import type { Kysely } from 'kysely';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import type { AreasTables } from './tables.ts';

/**
 * A stable id per ISO code ('AD' → 30), so area ids never move when the list of
 * territories grows.
 */
export function areaIdOf(isoCode: string): number {
  const a = isoCode.charCodeAt(0) - 65;
  const b = isoCode.charCodeAt(1) - 65;
  return a * 26 + b + 1;
}

/** Every country and territory libphonenumber knows, with its calling code. */
export function allAreas(): { id: number; code: string; global_code: string }[] {
  return getCountries()
    .filter((code) => /^[A-Z]{2}$/.test(code))
    .map((code) => ({ id: areaIdOf(code), code, global_code: getCountryCallingCode(code) }))
    .sort((x, y) => x.code.localeCompare(y.code));
}

/** Idempotent: inserts the areas that are missing, never changes those there. */
export async function seedAreas(db: Kysely<AreasTables>): Promise<void> {
  await db
    .insertInto('areas')
    .values(allAreas())
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
