import type { LedgerKind, Micros } from '@tradedesk/engine';
import type {
  AccountBalance,
  LedgerAmount,
  LedgerReads,
} from '../../platform/core/ledger-reads.ts';
import type { EquitySeriesRepository, StoredPoint } from './equity-series.repository.ts';

/**
 * Ledger kinds that move money into or out of an account from outside its trading: deposits,
 * withdrawals (held, and returned when refused), demo credits and resets, and the transfers
 * between a follower and a copy account. They are capital, not performance. (A withdrawal's
 * payout moves only held money and leaves the balance as it is: not a flow.)
 */
export const FLOW_KINDS = [
  'deposit',
  'withdraw-hold',
  'withdraw-return',
  'demo-credit',
  'demo-reset',
  'copy-out',
  'copy-in',
  'copy-fund',
  'copy-return',
] as const satisfies readonly LedgerKind[];

/** What the job keeps of an account between rounds, to read only what changed. */
export interface Tracked {
  /** The account's version when its ledger was last read. */
  version: number;
  /** The largest ledger id of the account read so far. */
  lastLedgerId: number;
  /** The day `since` is for. */
  day: number;
  /** sampled_at of the latest point before `day` (null: none, the flows start at the beginning). */
  since: number | null;
  /** Flow rows after `since`: the flows of `day`'s point. */
  flows: { at: number; amount: Micros }[];
  /** The point last written (or found written) for `day`. */
  written?: StoredPoint;
}

/** The reads of one round, bound to its snapshot: the ledger's and the series' own. */
export interface RoundReads {
  ledger: Pick<LedgerReads, 'rowsOfKinds' | 'rowsAfter'>;
  series: Pick<EquitySeriesRepository, 'around'>;
}

function byAccount(flows: readonly LedgerAmount[]): Map<number, LedgerAmount[]> {
  const grouped = new Map<number, LedgerAmount[]>();
  for (const flow of flows) {
    const list = grouped.get(flow.accountId) ?? [];
    list.push(flow);
    grouped.set(flow.accountId, list);
  }
  return grouped;
}

/** The flows after `since` (all of them when there is no point before). */
function after(flows: readonly LedgerAmount[] | undefined, since: number | null) {
  return (flows ?? [])
    .filter((f) => since === null || f.at > since)
    .map((f) => ({ at: f.at, amount: f.amount }));
}

/**
 * The series job's memory of each account it samples (equity-series.ts): the flows of today's
 * point so far and where its ledger was read up to, so that a round reads only what changed.
 * The table stays the truth: an account seen for the first time (or again after a restart or a
 * moved partition) is read from it whole.
 */
export function createEquityTracking() {
  const tracked = new Map<number, Tracked>();

  /** Accounts seen for the first time. */
  async function track(reads: RoundReads, accounts: readonly AccountBalance[], day: number) {
    const ids = accounts.map((a) => a.accountId);
    const { previous, current } = await reads.series.around(ids, day);
    const { rows, lastIds } = await reads.ledger.rowsOfKinds(ids, FLOW_KINDS);
    const since = new Map(previous.map((p) => [p.accountId, p.sampledAt]));
    const written = new Map(current.map((p) => [p.accountId, p]));
    const flowsOf = byAccount(rows);
    for (const account of accounts) {
      const start = since.get(account.accountId) ?? null;
      tracked.set(account.accountId, {
        version: account.version,
        lastLedgerId: lastIds.get(account.accountId) ?? 0,
        day,
        since: start,
        flows: after(flowsOf.get(account.accountId), start),
        written: written.get(account.accountId),
      });
    }
  }

  /** Accounts whose day turned since their last round: the flows start at yesterday's point. */
  async function turnDay(reads: RoundReads, ids: readonly number[], day: number) {
    const { previous, current } = await reads.series.around(ids, day);
    const since = new Map(previous.map((p) => [p.accountId, p.sampledAt]));
    const written = new Map(current.map((p) => [p.accountId, p]));
    for (const id of ids) {
      const state = tracked.get(id)!;
      state.day = day;
      state.since = since.get(id) ?? null;
      state.flows = state.flows.filter((f) => state.since === null || f.at > state.since);
      state.written = written.get(id);
    }
  }

  /** Accounts whose version moved: their new ledger rows. */
  async function readChanges(reads: RoundReads, accounts: readonly AccountBalance[]) {
    const { rows, lastIds } = await reads.ledger.rowsAfter(
      accounts.map((a) => ({ accountId: a.accountId, id: tracked.get(a.accountId)!.lastLedgerId })),
      FLOW_KINDS,
    );
    const flowsOf = byAccount(rows);
    for (const account of accounts) {
      const state = tracked.get(account.accountId)!;
      state.version = account.version;
      state.lastLedgerId = lastIds.get(account.accountId) ?? state.lastLedgerId;
      state.flows.push(...after(flowsOf.get(account.accountId), state.since));
    }
  }

  return {
    /**
     * Brings memory to the round's snapshot: forgets accounts no longer sampled here, turns
     * the day, reads what changed, and tracks the accounts new to it.
     */
    async catchUp(reads: RoundReads, accounts: readonly AccountBalance[], day: number) {
      const sampled = new Set(accounts.map((a) => a.accountId));
      for (const id of tracked.keys()) if (!sampled.has(id)) tracked.delete(id);
      const fresh = accounts.filter((a) => !tracked.has(a.accountId));
      const known = accounts.filter((a) => tracked.has(a.accountId));
      await turnDay(
        reads,
        known.filter((a) => tracked.get(a.accountId)!.day !== day).map((a) => a.accountId),
        day,
      );
      await readChanges(
        reads,
        known.filter((a) => tracked.get(a.accountId)!.version !== a.version),
      );
      await track(reads, fresh, day);
    },
    /** What memory holds of a sampled account. */
    of: (accountId: number): Tracked => tracked.get(accountId)!,
    /** A point written: the next round compares with it. */
    wrote(point: StoredPoint): void {
      const state = tracked.get(point.accountId);
      if (state) state.written = point;
    },
    clear: () => tracked.clear(),
  };
}
