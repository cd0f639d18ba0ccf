import { AsyncLocalStorage } from 'node:async_hooks';

interface OpenCommand {
  readonly name: string;
  open: boolean;
}

const scope = new AsyncLocalStorage<OpenCommand>();

/**
 * Runs a command's rules marked as open: until it ends, the store's guard (guardedDialect)
 * refuses any statement that asks the root database for a connection from inside it.
 * Work the command started and left running is not blamed once the command ended.
 */
export async function runInCommand<T>(name: string, run: () => Promise<T>): Promise<T> {
  const command: OpenCommand = { name, open: true };
  try {
    return await scope.run(command, run);
  } finally {
    command.open = false;
  }
}

/** The command running in this async context, if one is open. */
export function openCommand(): string | undefined {
  const command = scope.getStore();
  return command?.open ? command.name : undefined;
}

/**
 * A command asked the root database instead of its transaction: what it read was not under its
 * lock (PostgreSQL hands it another connection), or it waits for itself (SQLite's one
 * connection is the command's). A defect in the server, never a user's fault.
 */
export class RootDatabaseInCommandError extends Error {
  constructor(command: string) {
    super(
      `command ${command} used the root database; read and write through its transaction (ctx.repository)`,
    );
    this.name = 'RootDatabaseInCommandError';
  }
}
