import type { FundingPush } from '@tradedesk/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What the list keeps per user on the device: the newest decisions, enough for weeks. */
export const MAX_FUNDING_NOTICES = 50;

const NONE: readonly FundingPush[] = [];

interface FundingNoticesState {
  /** Per user id: the desk's decisions pushed to this device (FUNDING), newest first. */
  byUser: Record<string, readonly FundingPush[]>;
  /**
   * Keeps a decision; false when it is kept already (pushes come at least once: the same
   * key again is the same decision, told once).
   */
  add(userId: number, push: FundingPush): boolean;
}

/**
 * The desk's decisions on the trader's deposits and withdrawals, as they reached this device:
 * the funding feature adds what FUNDING pushes, the notice list shows them beside the closes.
 * Kept across reloads, per user (another who logs in here sees none of them).
 */
export const useFundingNotices = create<FundingNoticesState>()(
  persist(
    (set, get) => ({
      byUser: {},
      add(userId, push) {
        const kept = get().byUser[userId] ?? NONE;
        if (kept.some((notice) => notice.key === push.key)) return false;
        const next = [push, ...kept].sort((a, b) => b.at - a.at).slice(0, MAX_FUNDING_NOTICES);
        set((state) => ({ byUser: { ...state.byUser, [userId]: next } }));
        return true;
      },
    }),
    { name: 'tradedesk.funding-notices', storage: createJSONStorage(() => localStorage) },
  ),
);

/** The decisions of `userId` kept on this device, newest first (none while logged out). */
export function selectFundingNotices(userId: number | undefined) {
  return (state: FundingNoticesState): readonly FundingPush[] =>
    userId === undefined ? NONE : (state.byUser[userId] ?? NONE);
}
