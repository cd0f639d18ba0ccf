import { COMPANY_SEARCH_LIMIT, type Company, PAGE_SIZE } from '@tradedesk/contract';
import type { AdminCompany } from '@tradedesk/contract/admin';
import { type Insertable, sql } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { COMPANY_VISIBILITY } from './company-states.ts';
import type { CompaniesTable, CompanyTables } from './tables.ts';

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
    enabled: toInt(row.enabled) === COMPANY_VISIBILITY.published,
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
    enabled: fields.enabled ? COMPANY_VISIBILITY.published : COMPANY_VISIBILITY.hidden,
    updated_at: now,
  };
}

/**
 * The companies table, on the executor it is built on: the module's root database, or the
 * transaction of an operator's change (which commits with its audit row).
 */
export function createCompaniesRepository(executor: Executor<CompanyTables>) {
  return {
    /** Published companies whose name contains the fragment, by name, at most the limit. */
    async search(fragment: string): Promise<Company[]> {
      const pattern = `%${likeLiteral(nameKeyOf(fragment))}%`;
      const rows = await executor
        .selectFrom('companies')
        .select(COLUMNS)
        .where('enabled', '=', COMPANY_VISIBILITY.published)
        .where(sql<boolean>`name_key like ${pattern} escape '\\'`)
        .orderBy('name_key')
        .orderBy('id')
        .limit(COMPANY_SEARCH_LIMIT)
        .execute();
      return rows.map(toCompany);
    },

    async page(page: number): Promise<{ data: AdminCompany[]; total: number }> {
      const [rows, count] = await Promise.all([
        executor
          .selectFrom('companies')
          .select(COLUMNS)
          .orderBy('name_key')
          .orderBy('id')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        executor
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(toAdminCompany), total: toInt(count.n) };
    },

    async find(id: number): Promise<AdminCompany | undefined> {
      const row = await executor
        .selectFrom('companies')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toAdminCompany(row) : undefined;
    },

    async insert(fields: CompanyFields, now: number): Promise<number> {
      const row = await executor
        .insertInto('companies')
        .values(toRow(fields, now))
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInt(row.id);
    },

    async update(id: number, fields: CompanyFields, now: number): Promise<void> {
      await executor
        .updateTable('companies')
        .set(toRow(fields, now))
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<void> {
      await executor.deleteFrom('companies').where('id', '=', id).execute();
    },

    async any(): Promise<boolean> {
      return (
        (await executor.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !==
        undefined
      );
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
