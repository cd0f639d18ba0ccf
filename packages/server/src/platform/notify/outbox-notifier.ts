import fs from 'node:fs/promises';
import path from 'node:path';
import { translateMessage } from '@tradedesk/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import { type Notifier, noticeText } from './notifier.ts';

/**
 * The embedded default: every code is appended to DATA_DIR/outbox.jsonl as one JSON line
 * `{channel, to, code, purpose, at}`, so a developer (or a test) can read it there. The log
 * says that a code went out, never the code: logs travel further than the data folder
 * (collectors, screenshots, support tickets), and a code there is a login for whoever reads it.
 */
export function createOutboxNotifier(options: {
  outboxPath: string;
  log: FastifyBaseLogger;
  now?: () => number;
}): Notifier {
  const now = options.now ?? Date.now;
  let ready: Promise<unknown> | undefined;
  async function append(line: object): Promise<void> {
    ready ??= fs.mkdir(path.dirname(options.outboxPath), { recursive: true });
    await ready;
    await fs.appendFile(options.outboxPath, `${JSON.stringify(line)}\n`);
  }
  return {
    async sendNotice(message) {
      const at = new Date(now()).toISOString();
      const { subject, body } = noticeText(message, (key, vars) =>
        translateMessage(message.language, key, vars),
      );
      const { channel, to, kind, key } = message;
      await append({ channel, to, kind, subject, body, at, ...(key && { key }) });
      options.log.info({ outbox: { channel, to, kind, key, at } }, 'notice written to outbox');
    },
    async sendCode({ channel, to, code, purpose }) {
      const at = new Date(now()).toISOString();
      await append({ channel, to, code, purpose, at });
      options.log.info(
        { outbox: { channel, to, purpose, at } },
        'verification code written to outbox',
      );
    },
  };
}
