import type { AdminRole } from '@tradedesk/contract/admin/roles';
import type { Selectable } from 'kysely';
import { toInt } from '../db/columns.ts';
import type { Executor } from '../db/executor.ts';
import type { OperatorsTable, OperatorsTables } from './tables.ts';

export interface OperatorRecord {
  id: number;
  email: string;
  passwordHash: string;
  role: AdminRole;
  otpSecret: string | null;
  otpPendingSecret: string | null;
  disabledAt: number | null;
  createdAt: number;
  /** The generated first password: only its change is open to this operator (issue 37). */
  passwordChangeRequired: boolean;
}

function toOperator(row: Selectable<OperatorsTable>): OperatorRecord {
  return {
    id: toInt(row.id),
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    otpSecret: row.otp_secret,
    otpPendingSecret: row.otp_pending_secret,
    disabledAt: row.disabled_at === null ? null : toInt(row.disabled_at),
    createdAt: toInt(row.created_at),
    passwordChangeRequired: toInt(row.password_change_required) === 1,
  };
}

/** Operator e-mails compare without case: one person, one operator account. */
export function normalizeOperatorEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Operators' accounts, on the executor it is built on: the module's root database, or the
 * transaction of a change that commits with its audit row.
 */
export function createOperatorsRepository(executor: Executor<OperatorsTables>) {
  const select = () => executor.selectFrom('operators').selectAll();
  /** One conditional change of an operator's row: true when it changed that row. */
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows === 1n;
  return {
    async findById(id: number): Promise<OperatorRecord | undefined> {
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row && toOperator(row);
    },
    async findByEmail(email: string): Promise<OperatorRecord | undefined> {
      const row = await select()
        .where('email', '=', normalizeOperatorEmail(email))
        .executeTakeFirst();
      return row && toOperator(row);
    },
    async list(): Promise<OperatorRecord[]> {
      return (await select().orderBy('id').execute()).map(toOperator);
    },
    /** The e-mails of some operators, by id (a desk's page names who handled what). */
    async emailsOf(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = ids.length
        ? await executor
            .selectFrom('operators')
            .select(['id', 'email'])
            .where('id', 'in', [...new Set(ids)])
            .execute()
        : [];
      return new Map(rows.map((row) => [toInt(row.id), row.email]));
    },
    async count(): Promise<number> {
      const row = await executor
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return toInt(row.n);
    },
    async insert(fields: {
      email: string;
      passwordHash: string;
      role: AdminRole;
      createdAt: number;
      passwordChangeRequired?: boolean;
    }): Promise<OperatorRecord> {
      const row = await executor
        .insertInto('operators')
        .values({
          email: normalizeOperatorEmail(fields.email),
          password_hash: fields.passwordHash,
          role: fields.role,
          otp_secret: null,
          otp_pending_secret: null,
          otp_last_step: null,
          disabled_at: null,
          created_at: fields.createdAt,
          password_change_required: fields.passwordChangeRequired ? 1 : 0,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toOperator(row);
    },
    /** A password of the operator's own (or ADMIN_PASSWORD's): nothing left to change. */
    async setPassword(id: number, passwordHash: string): Promise<void> {
      await executor
        .updateTable('operators')
        .set({ password_hash: passwordHash, password_change_required: 0 })
        .where('id', '=', id)
        .execute();
    },
    /** Flags an operator whose password is still the generated one. */
    async requirePasswordChange(id: number): Promise<void> {
      await executor
        .updateTable('operators')
        .set({ password_change_required: 1 })
        .where('id', '=', id)
        .execute();
    },
    async setPendingSecret(id: number, secret: string): Promise<void> {
      await executor
        .updateTable('operators')
        .set({ otp_pending_secret: secret })
        .where('id', '=', id)
        .execute();
    },
    /** Moves the pending secret into place, if it is still the one the code was checked on. */
    async enableOtp(id: number, secret: string): Promise<boolean> {
      return changed(
        await executor
          .updateTable('operators')
          .set({ otp_secret: secret, otp_pending_secret: null })
          .where('id', '=', id)
          .where('otp_pending_secret', '=', secret)
          .executeTakeFirst(),
      );
    },
    /**
     * Removes enrolled and unfinished two-factor alike; false when there was neither. The last
     * accepted time step stays: a code seen once is never taken again, whatever secret follows.
     */
    async clearOtp(id: number): Promise<boolean> {
      return changed(
        await executor
          .updateTable('operators')
          .set({ otp_secret: null, otp_pending_secret: null })
          .where('id', '=', id)
          .where((eb) =>
            eb.or([eb('otp_secret', 'is not', null), eb('otp_pending_secret', 'is not', null)]),
          )
          .executeTakeFirst(),
      );
    },
    /**
     * Claims a TOTP time step for a login: true once per step and operator, however many
     * nodes race with the same code, because the database compares and sets it.
     */
    async claimOtpStep(id: number, step: number): Promise<boolean> {
      return changed(
        await executor
          .updateTable('operators')
          .set({ otp_last_step: step })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('otp_last_step', 'is', null), eb('otp_last_step', '<', step)]))
          .executeTakeFirst(),
      );
    },
    /** Disables an enabled operator; false when it was already disabled. */
    async disable(id: number, at: number): Promise<boolean> {
      return changed(
        await executor
          .updateTable('operators')
          .set({ disabled_at: at })
          .where('id', '=', id)
          .where('disabled_at', 'is', null)
          .executeTakeFirst(),
      );
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
