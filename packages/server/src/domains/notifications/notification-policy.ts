import type { CommandPolicy } from '../../platform/core/command-core.ts';
import type { TraderNotices } from '../../platform/notify/trader-notices.ts';
import type { QuoteReader } from '../market/index.ts';
import { accountNoticesOf } from './account-notices.ts';
import { createChosenNotices } from './chosen-notices.ts';
import './notice-events.ts';

/**
 * The rule every command gets (issue 41): what the trader is told of beyond the app — an
 * alert firing, a margin call, a close by its stops or stop-out, a fill or an expiry — is
 * written to the notice outbox in the command's own transaction, so it is told exactly once
 * per happening, across crashes and a partition's takeover. Registered after trading's and
 * copying's rules, so that a stop-out or a copy's stop their beforeCommit adds is told too.
 */
export function notificationPolicy(deps: {
  notices: Pick<TraderNotices, 'record'>;
  market: Pick<QuoteReader, 'instrument'>;
}): CommandPolicy {
  return {
    async beforeCommit(ctx) {
      const found = accountNoticesOf(ctx, deps.market);
      if (found.length === 0) return;
      const recorder = ctx.repository((trx) => createChosenNotices(trx, deps.notices));
      const keys = await recorder.record(
        found.map((notice) => ({ ...notice, userId: ctx.accountId })),
        ctx.at,
      );
      if (keys.length > 0) ctx.emit({ type: 'notices', keys });
    },
  };
}
