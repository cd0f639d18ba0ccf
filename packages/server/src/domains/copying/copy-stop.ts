import type { CopyStopReason } from '@tradedesk/contract';
import { type Micros, ZERO_MICROS } from '@tradedesk/engine';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { CopyRecord } from './copies.repository.ts';
import type { CopyCommands } from './copy-commands.ts';

/**
 * Stops a copy as one linked command: the copy account closes its positions and pays out
 * what its balance holds, the follower's account receives it — both or neither. Null when
 * the copy was not running (stopped already) or, for a copy stop-loss, not at its level.
 */
export async function stopCopy(
  deps: { core: CommandCore; commands: CopyCommands },
  copy: Pick<CopyRecord, 'id' | 'accountId' | 'followerId'>,
  reason: CopyStopReason,
): Promise<Micros | null> {
  const [returned] = await deps.core.executeLinked(
    { accountId: copy.accountId, command: deps.commands.stop(copy.id, reason) },
    {
      accountId: copy.followerId,
      create: true,
      command: (paid) => deps.commands.receive(paid ?? ZERO_MICROS),
    },
  );
  return returned;
}
