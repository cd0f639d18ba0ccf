import type { Transact } from '../../platform/db/transaction-scope.ts';
import { toAdmin } from '../../platform/operators/admin-auth.service.ts';
import type { OperatorsRepository } from '../../platform/operators/operators.repository.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import { createOwnerBootstrap } from './bootstrap-owner.ts';
import { createOperatorCreation } from './create-operator.ts';
import { createOperatorDecisions } from './operator-decisions.ts';

export { BOOTSTRAP_EMAIL, SYSTEM_ACTOR } from './bootstrap-owner.ts';

/**
 * The operators as owners manage them (create, disable, reset two-factor) and the owner
 * start-up guarantees; each change commits with its audit row.
 */
export function createOperatorsService(deps: {
  transact: Transact;
  /** On the root database: what reads outside a change. */
  operators: OperatorsRepository;
  hasher: PasswordHasher;
  now: () => number;
}) {
  const create = createOperatorCreation(deps);
  return {
    create,
    list: async () => (await deps.operators.list()).map(toAdmin),
    ...createOperatorDecisions(deps),
    ...createOwnerBootstrap({ ...deps, create }),
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
