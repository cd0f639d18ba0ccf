import { randomBytes } from 'node:crypto';
import type { Admin, AdminRole } from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import { type Executor, isUniqueViolation } from '../../platform/db/executor.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toAdmin } from '../../platform/operators/admin-auth.service.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import type { OperatorSessions } from '../../platform/operators/operator-sessions.ts';
import {
  normalizeOperatorEmail,
  type OperatorRecord,
  type OperatorsRepository,
} from '../../platform/operators/operators.repository.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import { assertPasswordRules } from '../../platform/security/password-rules.ts';

/** An address with a local part and a host; `admin@localhost` (the bootstrap owner) included. */
const OPERATOR_EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

/** The first owner of an empty database when no ADMIN_EMAIL is configured. */
export const BOOTSTRAP_EMAIL = 'admin@localhost';

/** What the audit log keeps of an operator: never the password hash or the TOTP secret. */
const audited = (operator: OperatorRecord) => toAdmin(operator);

/** The actor of what start-up and the command line do: no operator, no address. */
export const SYSTEM_ACTOR: AuditActor = { adminId: null, email: 'system', role: 'system', ip: '' };

export function createOperatorsService(deps: {
  db: Kysely<Database>;
  operators: OperatorsRepository;
  sessions: OperatorSessions;
  hasher: PasswordHasher;
  now: () => number;
}) {
  const { db, operators, sessions, hasher, now } = deps;

  async function create(
    actor: AuditActor,
    fields: { email: string; password: string; role: AdminRole },
    executor?: Executor,
  ): Promise<Admin> {
    const email = normalizeOperatorEmail(fields.email);
    if (!OPERATOR_EMAIL.test(email)) throw new AppError('INVALID_EMAIL');
    assertPasswordRules(fields.password, undefined);
    const passwordHash = await hasher.hash(fields.password);
    const run = async (trx: Executor) => {
      const operator = await operators.insert(
        { email, passwordHash, role: fields.role, createdAt: now() },
        trx,
      );
      await appendAudit(
        trx,
        actor,
        {
          action: 'operator.create',
          targetType: 'operator',
          targetId: operator.id,
          after: audited(operator),
        },
        now(),
      );
      return toAdmin(operator);
    };
    try {
      return executor ? await run(executor) : await db.transaction().execute(run);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('OPERATOR_EXISTS');
      throw error;
    }
  }

  return {
    create,
    list: async () => (await operators.list()).map(toAdmin),

    /** Disables another operator: its sessions end and its login is refused. */
    async disable(actor: AuditActor, operatorId: number): Promise<Admin> {
      if (actor.adminId === operatorId) throw new AppError('ADMIN_NOT_SELF');
      return db.transaction().execute(async (trx) => {
        const before = await operators.findById(operatorId, trx);
        if (!before) throw new AppError('NOT_FOUND');
        // Already disabled: nothing changes, so nothing is audited.
        if (!(await operators.disable(operatorId, now(), trx))) return toAdmin(before);
        await sessions.revokeAll(operatorId, trx);
        const after = (await operators.findById(operatorId, trx))!;
        await appendAudit(
          trx,
          actor,
          {
            action: 'operator.disable',
            targetType: 'operator',
            targetId: operatorId,
            before: audited(before),
            after: audited(after),
          },
          now(),
        );
        return toAdmin(after);
      });
    },

    /**
     * Removes another operator's two-factor (a lost phone): every session of theirs ends, so
     * that whoever held one logs in again, with the password alone until they enrol anew.
     * One's own is turned off with a code instead (otpDisable).
     */
    async resetOtp(actor: AuditActor, operatorId: number): Promise<Admin> {
      if (actor.adminId === operatorId) throw new AppError('ADMIN_NOT_SELF');
      return db.transaction().execute(async (trx) => {
        const before = await operators.findById(operatorId, trx);
        if (!before) throw new AppError('NOT_FOUND');
        // Nothing enrolled or pending: nothing changes, so nothing is audited.
        if (!(await operators.clearOtp(operatorId, trx))) return toAdmin(before);
        await sessions.revokeAll(operatorId, trx);
        const after = (await operators.findById(operatorId, trx))!;
        await appendAudit(
          trx,
          actor,
          {
            action: 'operator.otp_reset',
            targetType: 'operator',
            targetId: operatorId,
            before: audited(before),
            after: audited(after),
          },
          now(),
        );
        return toAdmin(after);
      });
    },

    /**
     * The owner start-up guarantees. With ADMIN_EMAIL and ADMIN_PASSWORD that owner exists
     * with that password. Without them, an empty database gets `admin@localhost` with a random
     * password, which is returned to be shown once; otherwise nothing happens.
     */
    async bootstrap(configured: {
      email?: string | undefined;
      password?: string | undefined;
    }): Promise<{ email: string; password: string } | undefined> {
      if (configured.email && configured.password) {
        const existing = await operators.findByEmail(configured.email);
        if (!existing) {
          await createRacing({
            email: configured.email,
            password: configured.password,
            role: 'owner',
          });
          return undefined;
        }
        if (!(await hasher.verify(configured.password, existing.passwordHash))) {
          const hash = await hasher.hash(configured.password);
          await db.transaction().execute(async (trx) => {
            await operators.setPassword(existing.id, hash, trx);
            // As a trader's password change does: sessions of the old password end.
            await sessions.revokeAll(existing.id, trx);
            await appendAudit(
              trx,
              SYSTEM_ACTOR,
              {
                action: 'operator.password_from_config',
                targetType: 'operator',
                targetId: existing.id,
              },
              now(),
            );
          });
        }
        return undefined;
      }
      if ((await operators.count()) > 0) return undefined;
      const password = randomBytes(15).toString('base64url');
      const created = await createRacing({ email: BOOTSTRAP_EMAIL, password, role: 'owner' });
      return created ? { email: BOOTSTRAP_EMAIL, password } : undefined;
    },
  };

  /** Nodes starting together on one database: one creates the owner, the others find it made. */
  async function createRacing(fields: { email: string; password: string; role: AdminRole }) {
    try {
      return await create(SYSTEM_ACTOR, fields);
    } catch (error) {
      if (error instanceof AppError && error.result === 'OPERATOR_EXISTS') return undefined;
      throw error;
    }
  }
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
