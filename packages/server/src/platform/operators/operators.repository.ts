import type { AdminRole } from '@tradedesk/contract/admin/roles';
import type { Selectable } from 'kysely';
import type { Executor } from '../db/executor.ts';
import { type OperatorsTable, toInt } from '../db/schema.ts';

export interface OperatorRecord {
  id: number;
  email: string;
  passwordHash: string;
  role: AdminRole;
  otpSecret: string | null;
  otpPendingSecret: string | null;
  disabledAt: number | null;
  createdAt: number;
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
  };
}

/** Operator e-mails compare without case: one person, one operator account. */
export function normalizeOperatorEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createOperatorsRepository(db: Executor) {
  const select = (executor: Executor) => executor.selectFrom('operators').selectAll();
  return {
    async findById(id: number, executor: Executor = db): Promise<OperatorRecord | undefined> {
      const row = await select(executor).where('id', '=', id).executeTakeFirst();
      return row && toOperator(row);
    },
    async findByEmail(email: string, executor: Executor = db): Promise<OperatorRecord | undefined> {
      const row = await select(executor)
        .where('email', '=', normalizeOperatorEmail(email))
        .executeTakeFirst();
      return row && toOperator(row);
    },
    async list(executor: Executor = db): Promise<OperatorRecord[]> {
      return (await select(executor).orderBy('id').execute()).map(toOperator);
    },
    async count(executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return toInt(row.n);
    },
    async insert(
      fields: { email: string; passwordHash: string; role: AdminRole; createdAt: number },
      executor: Executor,
    ): Promise<OperatorRecord> {
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
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toOperator(row);
    },
    async setPassword(id: number, passwordHash: string, executor: Executor): Promise<void> {
      await executor
        .updateTable('operators')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
    },
    async setPendingSecret(id: number, secret: string, executor: Executor): Promise<void> {
      await executor
        .updateTable('operators')
        .set({ otp_pending_secret: secret })
        .where('id', '=', id)
        .execute();
    },
    /** Moves the pending secret into place, if it is still the one the code was checked on. */
    async enableOtp(id: number, secret: string, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('operators')
        .set({ otp_secret: secret, otp_pending_secret: null })
        .where('id', '=', id)
        .where('otp_pending_secret', '=', secret)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /**
     * Removes enrolled and unfinished two-factor alike; false when there was neither. The last
     * accepted time step stays: a code seen once is never taken again, whatever secret follows.
     */
    async clearOtp(id: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('operators')
        .set({ otp_secret: null, otp_pending_secret: null })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('otp_secret', 'is not', null), eb('otp_pending_secret', 'is not', null)]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /**
     * Claims a TOTP time step for a login: true once per step and operator, however many
     * nodes race with the same code, because the database compares and sets it.
     */
    async claimOtpStep(id: number, step: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('operators')
        .set({ otp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('otp_last_step', 'is', null), eb('otp_last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Disables an enabled operator; false when it was already disabled. */
    async disable(id: number, at: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('operators')
        .set({ disabled_at: at })
        .where('id', '=', id)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
