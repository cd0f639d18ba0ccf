import type { CommandContext, CommandPolicy } from '../../platform/core/command-core.ts';
import type { StoreTables } from '../../platform/db/database.ts';
import type { Executor } from '../../platform/db/executor.ts';
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
  /** The users on the command's transaction: a copy account's owner is who is told. */
  usersOn: (executor: Executor<StoreTables>) => {
    findById(id: number): Promise<{ ownerId: number | null } | undefined>;
  };
}): CommandPolicy {
  // Who owns a copy account never changes: asked once per account.
  const owners = new Map<number, number>();
  async function recipientOf(ctx: CommandContext): Promise<number> {
    const known = owners.get(ctx.accountId);
    if (known !== undefined) return known;
    const user = await ctx.repository(deps.usersOn).findById(ctx.accountId);
    const owner = user?.ownerId ?? ctx.accountId;
    owners.set(ctx.accountId, owner);
    return owner;
  }
  return {
    async beforeCommit(ctx) {
      const found = accountNoticesOf(ctx, deps.market);
      if (found.length === 0) return;
      const recorder = ctx.repository((trx) => createChosenNotices(trx, deps.notices));
      const userId = await recipientOf(ctx);
      const keys = await recorder.record(
        found.map((notice) => ({ ...notice, userId })),
        ctx.at,
      );
      if (keys.length > 0) ctx.emit({ type: 'notices', keys });
    },
  };
}
