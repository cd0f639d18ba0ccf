import { randomBytes } from 'node:crypto';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import { createOperatorSessions } from '../../platform/operators/operator-sessions.ts';
import {
  createOperatorsRepository,
  type OperatorRecord,
  type OperatorsRepository,
} from '../../platform/operators/operators.repository.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import type { CreateOperator, NewOperator } from './create-operator.ts';

/** The first owner of an empty database when no ADMIN_EMAIL is configured. */
export const BOOTSTRAP_EMAIL = 'admin@localhost';

/** The actor of what start-up and the command line do: no operator, no address. */
export const SYSTEM_ACTOR: AuditActor = { adminId: null, email: 'system', role: 'system', ip: '' };

/** The owner start-up guarantees, and the flag on a first password still in use. */
export function createOwnerBootstrap(deps: {
  transact: Transact;
  /** On the root database: what start-up reads. */
  operators: OperatorsRepository;
  create: CreateOperator;
  hasher: PasswordHasher;
  now: () => number;
}) {
  const { operators, hasher, now } = deps;

  /** Nodes starting together on one database: one creates the owner, the others find it made. */
  async function createRacing(fields: NewOperator) {
    try {
      return await deps.create(SYSTEM_ACTOR, fields);
    } catch (error) {
      if (error instanceof AppError && error.result === 'OPERATOR_EXISTS') return undefined;
      throw error;
    }
  }

  /** ADMIN_PASSWORD changed in the configuration: the owner's sessions of the old one end. */
  async function takeConfiguredPassword(owner: OperatorRecord, password: string): Promise<void> {
    if (await hasher.verify(password, owner.passwordHash)) return;
    const hash = await hasher.hash(password);
    await deps.transact(async (scope) => {
      await scope.repository(createOperatorsRepository).setPassword(owner.id, hash);
      // As a trader's password change does: sessions of the old password end.
      await scope.repository(createOperatorSessions).revokeAll(owner.id, now());
      await scope
        .repository(createAuditLog)
        .append(
          SYSTEM_ACTOR,
          { action: 'operator.password_from_config', targetType: 'operator', targetId: owner.id },
          now(),
        );
    });
  }

  return {
    /**
     * With ADMIN_EMAIL and ADMIN_PASSWORD that owner exists with that password. Without them,
     * an empty database gets `admin@localhost` with a random password, which is returned to be
     * shown once; otherwise nothing happens.
     */
    async bootstrap(configured: {
      email?: string | undefined;
      password?: string | undefined;
    }): Promise<{ email: string; password: string } | undefined> {
      if (configured.email && configured.password) {
        const existing = await operators.findByEmail(configured.email);
        if (existing) await takeConfiguredPassword(existing, configured.password);
        else
          await createRacing({
            email: configured.email,
            password: configured.password,
            role: 'owner',
          });
        return undefined;
      }
      if ((await operators.count()) > 0) return undefined;
      const password = randomBytes(15).toString('base64url');
      const created = await createRacing({
        email: BOOTSTRAP_EMAIL,
        password,
        role: 'owner',
        generated: true,
      });
      return created ? { email: BOOTSTRAP_EMAIL, password } : undefined;
    },

    /**
     * An owner created at first start before password changes were required (issue 37) and
     * still on the generated password — the one DATA_DIR/admin-credentials.txt holds — is
     * flagged now, as a new one would be. A password changed since no longer matches.
     */
    async flagGeneratedPassword(generated: { email: string; password: string }): Promise<void> {
      const owner = await operators.findByEmail(generated.email);
      if (!owner || owner.passwordChangeRequired) return;
      if (!(await hasher.verify(generated.password, owner.passwordHash))) return;
      await operators.requirePasswordChange(owner.id);
    },
  };
}
