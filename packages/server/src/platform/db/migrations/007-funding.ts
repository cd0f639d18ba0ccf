import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { emptyText, primaryKey, serial } from '../migration-columns.ts';

/**
 * Funding (issue 11): what a trader may deposit to and withdraw in, the methods they bind,
 * and every deposit and withdrawal with the times of its steps (its timeline). Amounts are
 * integers: USD in 10^-6, other currencies in 10^-8, prices and rates in 10^-12. What must
 * never happen is refused by the database: a status outside its list, an amount ≤ 0, a
 * credited deposit without its credit, a decision without its time, a second key reused.
 */
export function fundingMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Which deposit or withdrawal a ledger row belongs to (its kind says which).
      await db.schema.alterTable('ledger').addColumn('funding_id', 'integer').execute();

      await createDepositChannels(db, dialect);
      await createDrawCurrencies(db, dialect);
      await indexChannelsUniquely(db);
      await createDrawMethods(db, dialect);
      await createDeposits(db, dialect);
      await createWithdrawals(db, dialect);
      await indexWithdrawals(db);
    },
  };
}

/** Where a deposit is sent: a coin network's address, or a bank's wire details. */
async function createDepositChannels(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('deposit_networks')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('protocol_code', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('price_usd', 'bigint', (c) => c.notNull())
    .addColumn('min', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('deposit_networks_price', sql`price_usd > 0 AND min >= 0`)
    .addCheckConstraint('deposit_networks_enabled', sql`enabled IN (0, 1)`)
    .execute();

  await db.schema
    .createTable('wire_options')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_address', 'text', (c) => c.notNull())
    .addColumn('bank_swift', 'text', (c) => c.notNull())
    .addColumn('payee_name', 'text', (c) => c.notNull())
    .addColumn('payee_account', 'text', (c) => c.notNull())
    .addColumn('bank_remark', 'text', emptyText)
    .addColumn('price_usd', 'bigint', (c) => c.notNull())
    .addColumn('min', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('wire_options_price', sql`price_usd > 0 AND min >= 0`)
    .addCheckConstraint('wire_options_enabled', sql`enabled IN (0, 1)`)
    .execute();
}

/** What a withdrawal may be paid in, with its rate, fee and limits. */
async function createDrawCurrencies(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('draw_currencies')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', emptyText)
    .addColumn('draw_rate', 'bigint', (c) => c.notNull())
    .addColumn('fee_type', 'integer', (c) => c.notNull())
    .addColumn('usd_price', 'bigint', (c) => c.notNull())
    /** USD micros; max 0 for no maximum. */
    .addColumn('min', 'bigint', (c) => c.notNull())
    .addColumn('max', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('draw_currencies_type', sql`type IN (1, 2) AND fee_type IN (1, 2)`)
    .addCheckConstraint(
      'draw_currencies_amounts',
      sql`draw_rate >= 0 AND usd_price > 0 AND min >= 0 AND max >= 0 AND (max = 0 OR max >= min)`,
    )
    .addCheckConstraint('draw_currencies_enabled', sql`enabled IN (0, 1)`)
    .execute();
}

/** One row per channel: the seed (on several nodes at once) and operators cannot double one. */
async function indexChannelsUniquely(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('deposit_networks_unique')
    .on('deposit_networks')
    .columns(['currency_code', 'protocol_code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('wire_options_unique')
    .on('wire_options')
    .columns(['currency', 'payee_account'])
    .unique()
    .execute();
  await db.schema
    .createIndex('draw_currencies_unique')
    .on('draw_currencies')
    .columns(['type', 'code', 'protocol'])
    .unique()
    .execute();
}

/** The coin addresses and bank accounts a trader binds to withdraw to. */
async function createDrawMethods(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('draw_methods')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('draw_currency_id', 'integer', (c) => c.notNull().references('draw_currencies.id'))
    .addColumn('dc_address', 'text', emptyText)
    .addColumn('bank_name', 'text', emptyText)
    .addColumn('bank_address', 'text', emptyText)
    .addColumn('bank_swift', 'text', emptyText)
    .addColumn('payee_name', 'text', emptyText)
    .addColumn('payee_account', 'text', emptyText)
    .addColumn('currency', 'text', emptyText)
    .addColumn('remark', 'text', emptyText)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** The end of the cooling-off: withdrawals may be paid to it from then on. */
    .addColumn('usable_at', 'bigint', (c) => c.notNull())
    /** Removed by its owner; kept for the withdrawals that name it. */
    .addColumn('deleted_at', 'bigint')
    .addCheckConstraint('draw_methods_type', sql`type IN (1, 2)`)
    .addCheckConstraint(
      'draw_methods_complete',
      sql`(type = 1 AND dc_address <> '') OR (type = 2 AND bank_name <> '' AND bank_address <> '' AND bank_swift <> '' AND payee_name <> '' AND payee_account <> '')`,
    )
    .execute();
  await db.schema
    .createIndex('draw_methods_user_idx')
    .on('draw_methods')
    .columns(['user_id', 'type'])
    .execute();
}

/** Every deposit, from its proof to its credit or refusal. */
async function createDeposits(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('deposits')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    /** 0 coin, 1 bank (SPEC.md §3). */
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('network_id', 'integer', (c) => c.references('deposit_networks.id'))
    .addColumn('wire_id', 'integer', (c) => c.references('wire_options.id'))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('protocol_code', 'text', emptyText)
    /** Where the trader says they sent it, as it read then. */
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('number', 'bigint', (c) => c.notNull())
    .addColumn('proof_upload', 'text', (c) => c.notNull().references('uploads.name'))
    /** The proof's original bytes, hashed: the same image sent twice is flagged. */
    .addColumn('proof_sha256', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', emptyText)
    .addColumn('price_usd', 'bigint')
    .addColumn('credited', 'bigint')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewer_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('reviewer_email', 'text')
    .addCheckConstraint('deposits_type', sql`type IN (0, 1)`)
    .addCheckConstraint(
      'deposits_channel',
      sql`(type = 0 AND network_id IS NOT NULL) OR (type = 1 AND wire_id IS NOT NULL)`,
    )
    .addCheckConstraint('deposits_number_positive', sql`number > 0`)
    .addCheckConstraint('deposits_status', sql`status IN (0, 1, 2, 3)`)
    .addCheckConstraint(
      'deposits_credit_recorded',
      sql`status <> 1 OR (credited > 0 AND price_usd > 0 AND reviewed_at IS NOT NULL)`,
    )
    .addCheckConstraint(
      'deposits_refusal_explained',
      sql`status NOT IN (2, 3) OR (remark <> '' AND reviewed_at IS NOT NULL)`,
    )
    .execute();
  await db.schema
    .createIndex('deposits_user_idx')
    .on('deposits')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('deposits_status_idx')
    .on('deposits')
    .columns(['status', 'id'])
    .execute();
  await db.schema.createIndex('deposits_proof_idx').on('deposits').column('proof_sha256').execute();
}

/** Every withdrawal, from its request through its approvals to its payment or refusal. */
async function createWithdrawals(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    /** 1 coin, 2 bank. */
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('draw_currency_id', 'integer', (c) => c.notNull().references('draw_currencies.id'))
    .addColumn('method_id', 'integer', (c) => c.notNull().references('draw_methods.id'))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', emptyText)
    /** The address, or the bank account in one line, as bound when requested. */
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('payee_account', 'text', emptyText)
    .addColumn('payee_name', 'text', emptyText)
    /** USD micros held, the fee included. */
    .addColumn('number', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    /** 10^-8 of the currency. */
    .addColumn('real_number', 'bigint', (c) => c.notNull())
    .addColumn('memo', 'text', emptyText)
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('needs_second', 'integer', (c) => c.notNull())
    .addColumn('first_approver_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('first_approver_email', 'text')
    .addColumn('first_approved_at', 'bigint')
    .addColumn('approver_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('approver_email', 'text')
    .addColumn('approved_at', 'bigint')
    .addColumn('reason', 'text', emptyText)
    .addColumn('rejected_at', 'bigint')
    .addColumn('reference', 'text', emptyText)
    .addColumn('paid_at', 'bigint')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('withdrawals_type', sql`type IN (1, 2)`)
    .addCheckConstraint('withdrawals_amounts', sql`number > 0 AND fee >= 0 AND real_number > 0`)
    .addCheckConstraint('withdrawals_status', sql`status IN (0, 1, 2, 3, 4)`)
    .addCheckConstraint('withdrawals_needs_second', sql`needs_second IN (0, 1)`)
    // Four eyes: a second approval exists only where needed, by another operator.
    .addCheckConstraint(
      'withdrawals_first_approval',
      sql`status <> 1 OR (needs_second = 1 AND first_approved_at IS NOT NULL)`,
    )
    .addCheckConstraint(
      'withdrawals_approved',
      sql`status NOT IN (2, 3) OR (approved_at IS NOT NULL AND (needs_second = 0 OR (first_approved_at IS NOT NULL AND first_approver_id <> approver_id)))`,
    )
    .addCheckConstraint(
      'withdrawals_paid',
      sql`status <> 3 OR (paid_at IS NOT NULL AND reference <> '')`,
    )
    .addCheckConstraint(
      'withdrawals_rejected',
      sql`status <> 4 OR (rejected_at IS NOT NULL AND reason <> '')`,
    )
    .execute();
}

/** How withdrawals are found: by trader, by status, by method, by idempotency key. */
async function indexWithdrawals(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('withdrawals_user_idx')
    .on('withdrawals')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('withdrawals_status_idx')
    .on('withdrawals')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('withdrawals_method_idx')
    .on('withdrawals')
    .columns(['method_id', 'status'])
    .execute();
  // A repeated Idempotency-Key finds its first withdrawal; two can never share one.
  await db.schema
    .createIndex('withdrawals_idempotency_idx')
    .on('withdrawals')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
}
