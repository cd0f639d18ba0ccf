import type { Executor } from '../../platform/db/executor.ts';
import { createCopiesRepository } from './copies.repository.ts';
import {
  createLeaderSettingsRepository,
  type LeaderSettings,
} from './leader-settings.repository.ts';
import type { CopyingTables } from './tables.ts';

/** A copy that follows its leader now (active or paused), with its account. */
export interface RunningCopy {
  leaderId: number;
  accountId: number;
  /** Demo money: counted apart, never in the leader's followers or assets under copy. */
  demo: boolean;
}

/**
 * What other domains read of copy trading (issue 38), on the executor given: the ranking's
 * followers, and who may be seen and copied.
 */
export function createCopyingReads(executor: Executor<CopyingTables>) {
  const copies = createCopiesRepository(executor);
  const settings = createLeaderSettingsRepository(executor);
  return {
    /** Copies following their leader now: active or paused. */
    async runningCopies(): Promise<RunningCopy[]> {
      return (await copies.running()).map(({ leaderId, accountId, demo }) => ({
        leaderId,
        accountId,
        demo,
      }));
    },
    /** The follower's copy of the leader that runs (active or paused), or 0. */
    async runningCopyOf(followerId: number, leaderId: number): Promise<number> {
      return (await copies.notStopped(followerId, leaderId))?.id ?? 0;
    },
    /** Traders strangers may see: listed by themselves, not hidden by an operator. */
    visibleLeaders: (): Promise<Set<number>> => settings.visible(),
    /** A trader's consent and an operator's hiding. */
    leaderSettings: (userId: number): Promise<LeaderSettings> => settings.of(userId),
  };
}

export type CopyingReads = ReturnType<typeof createCopyingReads>;
