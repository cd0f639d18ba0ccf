import type { LeaderSettings as LeaderSettingsWire } from '@tradedesk/contract';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createAuditLog } from '../../platform/operators/audit-log.ts';
import type { UserRecord } from '../users/index.ts';
import type { CopiesRepository } from './copies.repository.ts';
import {
  createLeaderSettingsRepository,
  isVisible,
  type LeaderSettings,
  type LeaderSettingsRepository,
} from './leader-settings.repository.ts';
import './copy-events.ts';

const bit = (on: boolean) => (on ? 1 : 0) as 0 | 1;

/**
 * A real trader's consent to be listed and copied (issue 36). Off until the trader turns it on;
 * copyable needs listed (a profile nobody may open cannot be copied from). Turning copyable off
 * stops new copies only: copies running already go on until their followers stop them, as
 * eToro does — a follower's money is never closed out by someone else's choice. Each change is
 * one transaction with its audit row (actor: the trader), and after commit every node's
 * ranking hears whether the trader is now visible.
 */
export function createLeaderConsent(deps: {
  /** The settings and the copies on the module's root database. */
  settings: LeaderSettingsRepository;
  copies: Pick<CopiesRepository, 'followersOf'>;
  /** A change and its audit row commit together. */
  transact: Transact;
  bus: Bus;
  now: () => number;
  /** Whether the ranking has figures for the trader (a closed position). */
  isRanked: (userId: number) => boolean;
}) {
  const { settings } = deps;

  async function view(user: UserRecord, current: LeaderSettings): Promise<LeaderSettingsWire> {
    const followers = await deps.copies.followersOf(user.id);
    return {
      listed: bit(current.listed),
      copyable: bit(current.copyable),
      changed_at: current.consentAt,
      hidden: bit(current.hidden),
      ranked: bit(deps.isRanked(user.id)),
      followers: followers.real,
      demo_followers: followers.demo,
    };
  }

  return {
    async settings(user: UserRecord): Promise<LeaderSettingsWire> {
      return view(user, await settings.of(user.id));
    },

    async set(
      user: UserRecord,
      request: { listed: 0 | 1; copyable: 0 | 1 },
      ip: string,
    ): Promise<LeaderSettingsWire> {
      // A demo account or a copy account leads nobody (the route admits real accounts only).
      if (user.isDemo || user.ownerId !== null) throw new AppError('REAL_ACCOUNT_ONLY');
      const after = {
        listed: request.listed === 1,
        copyable: request.listed === 1 && request.copyable === 1,
      };
      const at = deps.now();
      const changed = await deps.transact(async (tx) => {
        const settingsInTx = tx.repository(createLeaderSettingsRepository);
        const before = await settingsInTx.of(user.id);
        if (before.listed === after.listed && before.copyable === after.copyable) return null;
        // Compare-and-set on what was read: of two requests at once, one changes the row.
        if (!(await settingsInTx.setConsent(user.id, before, after, at)))
          throw new AppError('COPY_STATE');
        await tx.repository(createAuditLog).append(
          { adminId: null, email: `trader ${user.uid}`, role: 'trader', ip },
          {
            action: 'leader.consent',
            targetType: 'user',
            targetId: user.id,
            before: { listed: before.listed, copyable: before.copyable },
            after,
          },
          at,
        );
        return { ...before, ...after, consentAt: at };
      });
      const now = changed ?? (await settings.of(user.id));
      if (changed)
        await deps.bus.publish('leader.visibility', { leaderId: user.id, visible: isVisible(now) });
      return view(user, now);
    },
  };
}

export type LeaderConsent = ReturnType<typeof createLeaderConsent>;
