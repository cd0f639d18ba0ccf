import { COMPANY_SEARCH_LIMIT, type Company, PAGE_SIZE } from '@tradedesk/contract';
import type { AdminCompany } from '@tradedesk/contract/admin';
import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { type CompaniesTable, toInt } from '../../platform/db/schema.ts';

export type CompanyFields = Omit<AdminCompany, 'id' | 'updated_at'>;

/** How names compare: whatever their case. Stored in name_key, so both dialects agree. */
export const nameKeyOf = (name: string) => name.trim().toLowerCase();

/** `%` and `_` typed by a trader are letters, not wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const COLUMNS = [
  'id',
  'name',
  'logo',
  'url',
  'subject',
  'registered_address',
  'location',
  'email',
  'enabled',
  'updated_at',
] as const;

type Row = {
  id: number | bigint;
  name: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
  enabled: number | bigint;
  updated_at: number | bigint;
};

function toAdminCompany(row: Row): AdminCompany {
  return {
    id: toInt(row.id),
    name: row.name,
    logo: row.logo,
    url: row.url,
    subject: row.subject,
    registered_address: row.registered_address,
    location: row.location,
    email: row.email,
    enabled: toInt(row.enabled) === 1,
    updated_at: toInt(row.updated_at),
  };
}

function toCompany(row: Row): Company {
  const { enabled: _enabled, updated_at: _updatedAt, ...company } = toAdminCompany(row);
  return company;
}

export function toRow(fields: CompanyFields, now: number): Insertable<CompaniesTable> {
  return {
    name: fields.name,
    name_key: nameKeyOf(fields.name),
    logo: fields.logo,
    url: fields.url,
    subject: fields.subject,
    registered_address: fields.registered_address,
    location: fields.location,
    email: fields.email,
    enabled: fields.enabled ? 1 : 0,
    updated_at: now,
  };
}

/** Kysely queries of the companies table; each takes the database or a transaction. */
export const companiesRepository = {
  /** Published companies whose name contains the fragment, by name, at most the limit. */
  async search(db: Executor, fragment: string): Promise<Company[]> {
    const pattern = `%${likeLiteral(nameKeyOf(fragment))}%`;
    const rows = await db
      .selectFrom('companies')
      .select(COLUMNS)
      .where('enabled', '=', 1)
      .where(sql<boolean>`name_key like ${pattern} escape '\\'`)
      .orderBy('name_key')
      .orderBy('id')
      .limit(COMPANY_SEARCH_LIMIT)
      .execute();
    return rows.map(toCompany);
  },

  async page(db: Executor, page: number): Promise<{ data: AdminCompany[]; total: number }> {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('companies')
        .select(COLUMNS)
        .orderBy('name_key')
        .orderBy('id')
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
        .execute(),
      db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map(toAdminCompany), total: toInt(count.n) };
  },

  async find(db: Executor, id: number): Promise<AdminCompany | undefined> {
    const row = await db
      .selectFrom('companies')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toAdminCompany(row) : undefined;
  },

  async insert(db: Executor, fields: CompanyFields, now: number): Promise<number> {
    const row = await db
      .insertInto('companies')
      .values(toRow(fields, now))
      .returning('id')
      .executeTakeFirstOrThrow();
    return toInt(row.id);
  },

  async update(db: Executor, id: number, fields: CompanyFields, now: number): Promise<void> {
    await db.updateTable('companies').set(toRow(fields, now)).where('id', '=', id).execute();
  },

  async remove(db: Executor, id: number): Promise<void> {
    await db.deleteFrom('companies').where('id', '=', id).execute();
  },

  async any(db: Executor): Promise<boolean> {
    return (
      (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined
    );
  },
};
