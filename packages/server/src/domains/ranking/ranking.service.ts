import type { Ranking, RankingTrader } from '@tradedesk/contract';
import { asMicros } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import { type Database, toBigInt, toInt } from '../../platform/db/schema.ts';
import { orderStatus } from '../trading/index.ts';
import { maskContact } from '../users/index.ts';
import { type ClosedPosition, traderFigures, usd, WINDOW_DAYS } from './ranking-figures.ts';

/** How often the figures are recomputed. */
export const REFRESH_MS = 60_000;
/** Rows published. */
export const RANKING_SIZE = 100;

/**
 * The ranking (DECISIONS.md Content and social), computed from the database on a timer and
 * served from memory: a request never computes. Each node refreshes its own copy from the same
 * rows, so nodes agree up to one refresh interval; a shared table would add a write per
 * minute and a migration for no figure that the database does not already determine.
 */
export function createRankingService(deps: { db: Kysely<Database>; now: () => number }) {
  const { db, now } = deps;
  let snapshot: Ranking = { data: [], refreshed_at: 0, window_days: WINDOW_DAYS };
  let running: Promise<void> | undefined;

  async function compute(): Promise<Ranking> {
    const at = now();
    // Real traders' closed positions: in history with a P&L; a cancelled pending order never
    // opened (DECISIONS.md). Demo accounts never count.
    const rows = await db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select([
        'orders.id',
        'orders.user_id',
        'orders.instrument_id',
        'orders.leverage',
        'orders.margin',
        'orders.pnl',
        'orders.closed_at',
      ])
      .where('users.is_demo', '=', 0)
      .where(orderStatus.isIn(['history'], 'orders'))
      .where('orders.pnl', 'is not', null)
      .where('orders.close_reason', '!=', 'cancelled')
      .execute();
    const byUser = new Map<number, ClosedPosition[]>();
    for (const row of rows) {
      const userId = toInt(row.user_id);
      const list = byUser.get(userId) ?? [];
      list.push({
        id: toInt(row.id),
        instrumentId: toInt(row.instrument_id),
        leverage: toInt(row.leverage),
        margin: asMicros(toBigInt(row.margin)),
        pnl: asMicros(toBigInt(row.pnl!)),
        closedAt: toInt(row.closed_at ?? 0),
      });
      byUser.set(userId, list);
    }
    const ids = [...byUser.keys()];
    const users = ids.length
      ? await db
          .selectFrom('users')
          .select(['id', 'email', 'mobile'])
          .where('id', 'in', ids)
          .execute()
      : [];
    const contact = new Map(users.map((u) => [toInt(u.id), maskContact(u)]));
    const codes = new Map(
      (await db.selectFrom('instruments').select(['id', 'code']).execute()).map((i) => [
        toInt(i.id),
        i.code,
      ]),
    );
    const traders: Omit<RankingTrader, 'rank'>[] = [];
    for (const [userId, positions] of byUser) {
      const f = traderFigures(positions, at);
      if (!f) continue;
      traders.push({
        user: contact.get(userId) ?? '***',
        multiple: f.multiple,
        three_week_rate: f.threeWeekRate,
        three_week_win: f.threeWeekWin,
        three_week_profit: usd(f.threeWeekProfit),
        three_week_trade_num: f.threeWeekTrades,
        total_rate: f.totalRate,
        total_profit: usd(f.totalProfit),
        total_trade_num: f.totalTrades,
        code: codes.get(f.instrumentId) ?? '',
        // Copy trading is not offered yet (tapping a row says "coming soon"): nobody follows.
        followers: 0,
        max_drawdown: usd(f.maxDrawdown),
        max_drawdown_rate: f.maxDrawdownRate,
        risk_score: f.riskScore,
      });
    }
    traders.sort(
      (a, b) =>
        b.three_week_rate - a.three_week_rate ||
        b.three_week_profit - a.three_week_profit ||
        b.total_trade_num - a.total_trade_num,
    );
    return {
      data: traders.slice(0, RANKING_SIZE).map((t, i) => ({ rank: i + 1, ...t })),
      refreshed_at: at,
      window_days: WINDOW_DAYS,
    };
  }

  /** Recomputes the figures; concurrent calls share one computation. */
  function refresh(): Promise<void> {
    running ??= compute()
      .then((next) => {
        snapshot = next;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    refresh,
    /** The figures of the last refresh. */
    list: (): Ranking => snapshot,
    /** Refreshes now and every REFRESH_MS; returns how to stop. */
    start(onError: (error: unknown) => void): () => void {
      void refresh().catch(onError);
      const timer = setInterval(() => void refresh().catch(onError), REFRESH_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type RankingService = ReturnType<typeof createRankingService>;
