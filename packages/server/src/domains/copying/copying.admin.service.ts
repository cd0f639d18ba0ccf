import type { AdminCopyLeader, AdminLeaderCopy } from '@tradedesk/contract/admin';
import { type Micros, microsToNumber, sumMicros, ZERO_MICROS } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { Bus } from '../../platform/bus/bus.ts';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import type { TradingService } from '../trading/index.ts';
import { maskContact, type UsersRepository } from '../users/index.ts';
import { isRunning } from './copy-lifecycle.ts';
import {
  createLeaderSettingsRepository,
  isVisible,
  NO_SETTINGS,
} from './leader-settings.repository.ts';
import './copy-events.ts';
import {
  type CountedCopy,
  createCopyingAdminRepository,
  type LeaderCopyRow,
  type PersonRow,
} from './copying.admin.repository.ts';

/** Copy accounts valued at once: each valuation is two reads, and the pool has few connections. */
const VALUATIONS_AT_ONCE = 4;

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

/** The masked e-mail or mobile; null for someone with neither (a demo user). */
const contactOf = (person: PersonRow) =>
  person.email || person.mobile ? maskContact(person) : null;

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function addCopy(totals: LeaderTotals, copy: CountedCopy, equity: Micros): LeaderTotals {
  if (copy.demo)
    return {
      ...totals,
      demo: totals.demo + (isRunning(copy) ? 1 : 0),
      stopped: totals.stopped + (isRunning(copy) ? 0 : 1),
      mirrored: totals.mirrored + copy.mirrored,
      skipped: totals.skipped + copy.skipped,
    };
  const running = isRunning(copy);
  return {
    ...totals,
    running: totals.running + (running ? 1 : 0),
    stopped: totals.stopped + (running ? 0 : 1),
    aum: running ? sumMicros([totals.aum, equity]) : totals.aum,
    invested: running ? sumMicros([totals.invested, copy.invested]) : totals.invested,
    mirrored: totals.mirrored + copy.mirrored,
    skipped: totals.skipped + copy.skipped,
  };
}

/**
 * Copy trading in the back office (issue 29): leaders with what is copied from them, one
 * leader's copies, and hiding a leader from the ranking and from new copies (audited, in the
 * transaction of the change). Equity is valued now — at the quotes of this node's market
 * through the trading service, or as the stored cash where this node runs none.
 */
export function createCopyingAdminService(deps: {
  db: Kysely<Database>;
  bus: Bus;
  users: UsersRepository;
  accounts: AccountsRepository;
  trading?: Pick<TradingService, 'accountNow'> | undefined;
  now: () => number;
}) {
  const repo = createCopyingAdminRepository(deps.db, deps);
  const settings = createLeaderSettingsRepository(deps.db);
  const { trading } = deps;

  async function equityOf(accountIds: readonly number[]): Promise<Map<number, Micros>> {
    if (!trading) return repo.cashOf(accountIds);
    const equity = new Map<number, Micros>();
    await eachLimited(accountIds, VALUATIONS_AT_ONCE, async (accountId) => {
      equity.set(accountId, (await trading.accountNow(accountId)).figures.equity);
    });
    return equity;
  }

  /**
   * Totals of every leader with copies, hidden, or who ever chose (of one leader when `only`
   * is given). Demo copies are not valued: their money is in no figure.
   */
  async function totalsByLeader(only?: number): Promise<Map<number, LeaderTotals>> {
    const [all, chosen] = await Promise.all([repo.countedCopies(), settings.all()]);
    const copies = only === undefined ? all : all.filter((copy) => copy.leaderId === only);
    const valued = copies.filter((copy) => isRunning(copy) && !copy.demo);
    const equity = await equityOf(valued.map((copy) => copy.accountId));
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
      repo.people(ids),
      repo.sampleTraders(ids),
      repo.waitingSignals(),
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
          contact: contactOf(person),
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

  /** One leader's row, whether or not anybody copies them. */
  async function leader(leaderId: number): Promise<AdminCopyLeader> {
    const totals = (await totalsByLeader(leaderId)).get(leaderId) ?? NO_COPIES;
    const [row] = await toLeaders([[leaderId, totals]]);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  function toLeaderCopy(copy: LeaderCopyRow, equity: Micros): AdminLeaderCopy {
    const running = isRunning(copy);
    const worth = running ? equity : copy.returned;
    return {
      id: copy.id,
      follower_id: copy.follower.id,
      uid: copy.follower.uid,
      contact: contactOf(copy.follower),
      demo: copy.follower.isDemo,
      status: copy.status,
      invested: microsToNumber(copy.invested),
      equity: microsToNumber(running ? equity : ZERO_MICROS),
      returned: microsToNumber(copy.returned),
      pnl: microsToNumber((worth - copy.invested) as Micros),
      mirrored: copy.mirrored,
      skipped: copy.skipped,
      created_at: copy.createdAt,
      stopped_at: copy.stoppedAt,
      stop_reason: copy.stopReason,
    };
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

    /** A page of a leader's copies with each running one's equity now. */
    async copiesOf(leaderId: number, page: number) {
      const { data, total } = await repo.copiesOf(leaderId, page);
      const equity = await equityOf(data.filter(isRunning).map((copy) => copy.accountId));
      return {
        data: data.map((copy) => toLeaderCopy(copy, equity.get(copy.accountId) ?? ZERO_MICROS)),
        total,
      };
    },

    /**
     * Hides a trader (or shows them again) and writes the audit row in the same transaction.
     * The change is one conditional update: of operators asking at once, one makes the
     * transition and is audited; the others change nothing and write no row. After commit,
     * every node's ranking hears it and drops (or shows) the trader at once.
     */
    async setHidden(actor: AuditActor, leaderId: number, hidden: boolean) {
      const changed = await deps.db.transaction().execute(async (trx) => {
        if (!(await repo.people([leaderId], trx)).has(leaderId)) throw new AppError('NOT_FOUND');
        const at = deps.now();
        if (!(await settings.setHidden(leaderId, hidden, at, trx))) return false;
        await appendAudit(
          trx,
          actor,
          {
            action: hidden ? 'leader.hide' : 'leader.unhide',
            targetType: 'user',
            targetId: leaderId,
            before: { hidden: !hidden },
            after: { hidden },
          },
          at,
        );
        return true;
      });
      if (changed) {
        const visible = isVisible(await settings.of(leaderId));
        await deps.bus.publish('leader.visibility', { leaderId, visible });
      }
      return leader(leaderId);
    },
  };
}

export type CopyingAdminService = ReturnType<typeof createCopyingAdminService>;
