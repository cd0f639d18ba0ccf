import type { CopyStopReason } from '@tradedesk/contract';
import { asMicros, type Micros, negateMicros, ZERO_MICROS } from '@tradedesk/engine';
import type { AccountCommand, CommandCore } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CopySteps } from '../trading/index.ts';
import { type CopyRecord, createCopiesRepository } from './copies.repository.ts';
import { isRunning } from './copy-lifecycle.ts';
import { receive } from './copy-money.ts';

/** The equity at which a copy stops by itself: what was invested less the stop-loss share. */
export function stopEquity(copy: Pick<CopyRecord, 'invested' | 'copySlRate'>): Micros {
  return asMicros((copy.invested * BigInt(100 - copy.copySlRate)) / 100n);
}

/**
 * The copy account's side of a stop: every position closes at market, and what the balance
 * then holds leaves for the follower. A copy stop-loss stops only if the equity is at or below
 * its level now (memory screened it; this decides): otherwise null and nothing changes.
 */
function stopCommand(
  steps: CopySteps,
  copyId: number,
  reason: CopyStopReason,
): AccountCommand<Micros | null> {
  return {
    name: `copy-stop-${reason}`,
    async run(ctx) {
      const copies = ctx.repository(createCopiesRepository);
      const copy = await copies.find(copyId);
      if (!copy || !isRunning(copy)) return null;
      if (reason === 'copy-stop-loss') {
        const { equity } = await steps.figures(ctx);
        if (equity > stopEquity(copy)) return null;
      }
      await steps.closeAll(ctx);
      // A loss beyond the copy's money is brought to 0 by negative balance protection
      // (trading's rule before commit): the follower gets back what is there, never less than 0.
      const returned = ctx.account.balance > 0n ? ctx.account.balance : ZERO_MICROS;
      if (returned > 0n) ctx.post([{ kind: 'copy-return', amount: negateMicros(returned) }], null);
      if (!(await copies.stop(copyId, { returned, reason, at: ctx.at })))
        throw new AppError('COPY_STATE');
      return returned;
    },
  };
}

/**
 * Stops a copy as one linked command: the copy account closes its positions and pays out
 * what its balance holds, the follower's account receives it — both or neither. Null when
 * the copy was not running (stopped already) or, for a copy stop-loss, not at its level.
 */
export async function stopCopy(
  deps: { core: CommandCore; steps: CopySteps },
  copy: Pick<CopyRecord, 'id' | 'accountId' | 'followerId'>,
  reason: CopyStopReason,
): Promise<Micros | null> {
  const [returned] = await deps.core.executeLinked(
    { accountId: copy.accountId, command: stopCommand(deps.steps, copy.id, reason) },
    {
      accountId: copy.followerId,
      create: true,
      command: (paid) => receive(paid ?? ZERO_MICROS),
    },
  );
  return returned;
}
