import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Notifier } from './notifier.ts';

/**
 * The embedded default: every code is appended to DATA_DIR/outbox.jsonl as one JSON line
 * `{channel, to, code, purpose, at}` and logged, so a developer (or a test) can read it.
 */
export function createOutboxNotifier(options: {
  outboxPath: string;
  log: FastifyBaseLogger;
  now?: () => number;
}): Notifier {
  const now = options.now ?? Date.now;
  let ready: Promise<unknown> | undefined;
  return {
    async sendCode({ channel, to, code, purpose }) {
      ready ??= fs.mkdir(path.dirname(options.outboxPath), { recursive: true });
      await ready;
      const line = { channel, to, code, purpose, at: new Date(now()).toISOString() };
      await fs.appendFile(options.outboxPath, `${JSON.stringify(line)}\n`);
      options.log.info({ outbox: line }, 'verification code written to outbox');
    },
  };
}
