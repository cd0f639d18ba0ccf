import type { Dialect, Driver } from 'kysely';
import { openCommand, RootDatabaseInCommandError } from './command-scope.ts';

/**
 * The guard of the command core (issue 26; on in production since issue 38): the dialect's driver refuses to hand out
 * a connection while a command is open in the asking async context. A command's own statements
 * run on the connection its transaction already holds and never ask; anything that asks is a
 * read or write outside the command's lock. Every store carries it (platform/db/database.ts).
 */
export function guardedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      return new Proxy(driver, {
        get(target, property) {
          // Bound to the driver itself: drivers keep their pool in private fields (#pool).
          const value = Reflect.get(target, property, target);
          if (property !== 'acquireConnection')
            return typeof value === 'function' ? value.bind(target) : value;
          return async () => {
            const command = openCommand();
            if (command !== undefined) throw new RootDatabaseInCommandError(command);
            return target.acquireConnection();
          };
        },
      });
    },
  };
}
