import type { AdminCopyLeader } from '@tradedesk/contract/admin';
import { type Micros, microsToNumber, sumMicros, ZERO_MICROS } from '@tradedesk/engine';
import { AppError } from '../../platform/http/app-error.ts';
import { isRunning } from './copy-lifecycle.ts';
import type { EquityOf, Person } from './copying.admin.lookups.ts';
import type { CopyingAdminRepository, CountedCopy } from './copying.admin.repository.ts';
import { type LeaderSettingsRepository, NO_SETTINGS } from './leader-settings.repository.ts';

/** What the leaders list adds up per leader from their copies. */
interface LeaderTotals {
  /** Running copies with real money; demo ones apart, in no money figure (issue 36). */
  running: number;
  demo: number;
  stopped: number;
  aum: Micros;
  invested: Micros;
  mirrored: number;
  skipped: number;
}

const NO_COPIES: LeaderTotals = {
  running: 0,
  demo: 0,
  stopped: 0,
  aum: ZERO_MICROS,
  invested: ZERO_MICROS,
  mirrored: 0,
  skipped: 0,
};

function addCopy(totals: LeaderTotals, copy: CountedCopy, equity: Micros): LeaderTotals {
  const running = isRunning(copy);
  const counted = {
    ...totals,
    stopped: totals.stopped + (running ? 0 : 1),
    mirrored: totals.mirrored + copy.mirrored,
    skipped: totals.skipped + copy.skipped,
  };
  if (copy.demo) return { ...counted, demo: totals.demo + (running ? 1 : 0) };
  return {
    ...counted,
    running: totals.running + (running ? 1 : 0),
    aum: running ? sumMicros([totals.aum, equity]) : totals.aum,
    invested: running ? sumMicros([totals.invested, copy.invested]) : totals.invested,
  };
}

/**
 * The back office's leaders (issue 29): every trader with copies, hidden, or who ever chose,
 * with what is copied from them — by assets under copy, or one of them. Demo copies are not
 * valued: their money is in no figure.
 */
export function createLeadersList(deps: {
  /** Copy trading's own tables, on the module's root database. */
  repository: Pick<CopyingAdminRepository, 'countedCopies' | 'waitingSignals'>;
  settings: Pick<LeaderSettingsRepository, 'all' | 'ofMany'>;
  equityOf: EquityOf;
  people: (ids: readonly number[]) => Promise<Map<number, Person>>;
  /** Which of the traders are the embedded default's strategy bots (the ranking's). */
  sampleTradersAmong: (ids: readonly number[]) => Promise<Set<number>>;
}) {
  const { repository, settings } = deps;

  /** Totals of every leader (of one leader when `only` is given). */
  async function totalsByLeader(only?: number): Promise<Map<number, LeaderTotals>> {
    const [all, chosen] = await Promise.all([repository.countedCopies(), settings.all()]);
    const copies = only === undefined ? all : all.filter((copy) => copy.leaderId === only);
    const valued = copies.filter((copy) => isRunning(copy) && !copy.demo);
    const equity = await deps.equityOf(valued.map((copy) => copy.accountId));
    const totals = new Map<number, LeaderTotals>();
    for (const leaderId of chosen.keys())
      if (only === undefined || leaderId === only) totals.set(leaderId, NO_COPIES);
    for (const copy of copies) {
      const sum = totals.get(copy.leaderId) ?? NO_COPIES;
      totals.set(copy.leaderId, addCopy(sum, copy, equity.get(copy.accountId) ?? ZERO_MICROS));
    }
    return totals;
  }

  async function toLeaders(entries: [number, LeaderTotals][]): Promise<AdminCopyLeader[]> {
    const ids = entries.map(([id]) => id);
    const [people, samples, waiting, chosen] = await Promise.all([
      deps.people(ids),
      deps.sampleTradersAmong(ids),
      repository.waitingSignals(),
      settings.ofMany(ids),
    ]);
    return entries.flatMap(([id, totals]) => {
      const person = people.get(id);
      if (!person) return [];
      const choice = chosen.get(id) ?? NO_SETTINGS;
      return [
        {
          id,
          uid: person.uid,
          contact: person.contact,
          sample: samples.has(id),
          hidden: choice.hidden,
          listed: choice.listed,
          copyable: choice.copyable,
          consent_at: choice.consentAt,
          running_copies: totals.running,
          demo_copies: totals.demo,
          stopped_copies: totals.stopped,
          aum: microsToNumber(totals.aum),
          invested: microsToNumber(totals.invested),
          mirrored: totals.mirrored,
          skipped: totals.skipped,
          waiting_signals: waiting.get(id) ?? 0,
        },
      ];
    });
  }

  return {
    /** A page of leaders by assets under copy (then by id, so pages never overlap). */
    async leaders(filter: { order: 'desc' | 'asc'; page: number; pageSize: number }) {
      const totals = [...(await totalsByLeader())];
      const sign = filter.order === 'desc' ? -1 : 1;
      totals.sort(([idA, a], [idB, b]) =>
        a.aum === b.aum ? idA - idB : a.aum < b.aum ? -sign : sign,
      );
      const start = (filter.page - 1) * filter.pageSize;
      const page = totals.slice(start, start + filter.pageSize);
      return { data: await toLeaders(page), total: totals.length };
    },

    /** One leader's row, whether or not anybody copies them. */
    async leader(leaderId: number): Promise<AdminCopyLeader> {
      const totals = (await totalsByLeader(leaderId)).get(leaderId) ?? NO_COPIES;
      const [row] = await toLeaders([[leaderId, totals]]);
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },
  };
}

export type LeadersList = ReturnType<typeof createLeadersList>;
