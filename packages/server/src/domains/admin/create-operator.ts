import type { Admin, AdminRole } from '@tradedesk/contract/admin';
import { isUniqueViolation } from '../../platform/db/executor.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toAdmin } from '../../platform/operators/admin-auth.service.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import {
  createOperatorsRepository,
  normalizeOperatorEmail,
} from '../../platform/operators/operators.repository.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import { assertOperatorPasswordRules } from '../../platform/security/password-rules.ts';

/** An address with a local part and a host; `admin@localhost` (the bootstrap owner) included. */
const OPERATOR_EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

export interface NewOperator {
  email: string;
  password: string;
  role: AdminRole;
  /** A generated password, shown on a console and left in a file. */
  generated?: boolean;
}

/** Creates an operator with its audit row, in one transaction; OPERATOR_EXISTS for a taken e-mail. */
export function createOperatorCreation(deps: {
  transact: Transact;
  hasher: PasswordHasher;
  now: () => number;
}) {
  const { now } = deps;
  return async function create(actor: AuditActor, fields: NewOperator): Promise<Admin> {
    const email = normalizeOperatorEmail(fields.email);
    if (!OPERATOR_EMAIL.test(email)) throw new AppError('INVALID_EMAIL');
    assertOperatorPasswordRules(fields.password);
    const passwordHash = await deps.hasher.hash(fields.password);
    try {
      return await deps.transact(async (scope) => {
        const operator = await scope.repository(createOperatorsRepository).insert({
          email,
          passwordHash,
          role: fields.role,
          createdAt: now(),
          // A generated password was shown on a console and left in a file: its owner
          // replaces it before doing anything else.
          passwordChangeRequired: fields.generated === true,
        });
        await scope.repository(createAuditLog).append(
          actor,
          {
            action: 'operator.create',
            targetType: 'operator',
            targetId: operator.id,
            after: toAdmin(operator),
          },
          now(),
        );
        return toAdmin(operator);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('OPERATOR_EXISTS');
      throw error;
    }
  };
}

export type CreateOperator = ReturnType<typeof createOperatorCreation>;
