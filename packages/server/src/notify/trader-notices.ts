import type { Language } from '@tradedesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRecord } from '../domains/users/users.repository.ts';
import type { Notifier } from './notifier.ts';

/** Where a trader is told things: their e-mail, else their mobile number (demo: nowhere). */
function contactOf(user: UserRecord): { channel: 'email' | 'sms'; to: string } | undefined {
  if (user.email) return { channel: 'email', to: user.email };
  if (user.mobile) return { channel: 'sms', to: user.mobile };
  return undefined;
}

/**
 * Tells traders about decisions on their account (identity, deposits, withdrawals), after the
 * decision has committed: a failed delivery is logged, never undoes what was decided.
 */
export function createTraderNotices(deps: {
  notifier: Pick<Notifier, 'sendNotice'>;
  log: FastifyBaseLogger;
}) {
  return {
    async tell(
      user: UserRecord,
      language: string,
      kind: string,
      vars?: Readonly<Record<string, string | number>>,
    ): Promise<void> {
      const contact = contactOf(user);
      if (!contact) return;
      try {
        await deps.notifier.sendNotice({
          ...contact,
          kind,
          ...(vars && { vars }),
          language: language as Language,
        });
      } catch (error) {
        deps.log.error({ err: error, userId: user.id, kind }, 'trader notice not sent');
      }
    },
  };
}

export type TraderNotices = ReturnType<typeof createTraderNotices>;
