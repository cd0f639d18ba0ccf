// `npm run admin -- create --email E --role R [--password P]`: adds an operator from the
// command line, on the database the environment configures (DATABASE_URL or DATA_DIR).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ADMIN_ROLES, type AdminRole } from '@tradedesk/contract/admin/roles';
import { ConfigError, loadConfig } from './config.ts';
import { createOperatorsService } from './domains/admin/operators.service.ts';
import { openStore } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { createTransact } from './platform/db/transaction-scope.ts';
import { AppError } from './platform/http/app-error.ts';
import { createOperatorsRepository } from './platform/operators/operators.repository.ts';
import { createPasswordHasher } from './platform/security/password-hasher.ts';

const USAGE = `Usage: npm run admin -- create --email <email> --role <${ADMIN_ROLES.join('|')}> [--password <password>]
Without --password a random one is generated and printed once.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const role = values.role as AdminRole | undefined;
  if (positionals[0] !== 'create' || !values.email || !role || !ADMIN_ROLES.includes(role)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const store = openStore(config);
  try {
    await migrateToLatest(store);
    const password = values.password ?? randomBytes(15).toString('base64url');
    const operators = createOperatorsService({
      transact: createTransact(store.db),
      operators: createOperatorsRepository(store.db),
      hasher: createPasswordHasher({ cost: config.passwordHashCost }),
      now: Date.now,
    });
    const created = await operators.create(
      { adminId: null, email: 'command line', role: 'system', ip: '' },
      { email: values.email, password, role },
    );
    console.info(`Operator ${created.email} (${created.role}) created; sign in at /admin/`);
    if (!values.password) console.info(`Password (shown once): ${password}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`Refused: ${error.result}`);
      return 1;
    }
    throw error;
  } finally {
    await store.destroy();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
