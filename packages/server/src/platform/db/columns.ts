import type { ColumnType } from 'kysely';

/**
 * Integer columns come back as bigint from SQLite (safe integers, so money is exact) and
 * as number or bigint from PostgreSQL (int4 / int8); repositories map them with `toInt`.
 */
export type Int = ColumnType<number | bigint, number | bigint, number | bigint>;
export type Id = ColumnType<number | bigint, never, never>;
/** Epoch milliseconds. */
export type Millis = Int;
/** An integer with a default (optional on insert). */
export type IntWithDefault = ColumnType<
  number | bigint,
  number | bigint | undefined,
  number | bigint
>;
/** Text with a default of '' (optional on insert). */
export type Text = ColumnType<string, string | undefined, string>;
export type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Integer column value as an exact bigint (money). */
export function toBigInt(value: number | bigint): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** Integer column value as a JS number; ids and times stay far below 2^53. */
export function toInt(value: number | bigint): number {
  return typeof value === 'bigint' ? Number(value) : value;
}
