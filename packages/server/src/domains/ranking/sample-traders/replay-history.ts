import { asMicros, type Micros } from '@tradedesk/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountCommand, CommandCore } from '../../../platform/core/command-core.ts';
import type { LedgerReads } from '../../../platform/core/ledger-reads.ts';
import type { Transact } from '../../../platform/db/transaction-scope.ts';
import { createInviteCode, createUid } from '../../../platform/security/tokens.ts';
import { createLeaderSettingsRepository } from '../../copying/index.ts';
import { isMarketOpen, type MarketRepository } from '../../market/index.ts';
import {
  closePositionCommand,
  DEFAULT_MARGIN_CALL_LEVEL,
  type OrderCaps,
  type OrdersRepository,
  openMarketCommand,
  type TradingRules,
  tradingPolicy,
} from '../../trading/index.ts';
import { createUserDirectory } from '../../users/index.ts';
import type { EquitySeriesRepository } from '../equity-series.repository.ts';
import { WINDOW_MS } from '../ranking-figures.ts';
import { historyOf } from './history.ts';
import { createReplayMarket } from './replay-market.ts';
import { createReplaySeries } from './replay-series.ts';
import { createSampleTradersRepository } from './sample-traders.repository.ts';
import type { SampleTradersMarket } from './sample-traders-market.ts';
import { type Holding, requestOf, type Strategy } from './strategies.ts';

/** What each bot is funded with, once, before its first trade. */
export const BOT_FUNDING = asMicros(10_000_000_000n);
/** The replay's bound per bot, so that a fresh start stays quick. */
export const MAX_REPLAY_TRADES = 80;

/** What the replay runs on. */
export interface ReplayDeps {
  /** A bot's user, its row of sample_traders and its consent commit together. */
  transact: Transact;
  /** A command core whose clock is the replay's (platform/core, on the whole database). */
  replayCore: (now: () => number) => CommandCore;
  market: SampleTradersMarket;
  candles: Pick<MarketRepository, 'recentCandles'>;
  orders: OrdersRepository;
  ledger: Pick<LedgerReads, 'balanceOf' | 'rowsOfKinds'>;
  series: Pick<EquitySeriesRepository, 'upsert'>;
  stopOutLevel: bigint;
  caps: OrderCaps;
  log: FastifyBaseLogger;
}

/** A seed credit: the bot's starting capital, one ledger row (a deposit with no request). */
const credit = (amount: Micros): AccountCommand<void> => ({
  name: 'sample-trader-credit',
  run: async (ctx) => ctx.post([{ kind: 'deposit', amount }], null),
});

/** A bot: a real account (is_demo 0), a sample trader, listed and copyable from the start. */
function createBot(transact: Transact, strategy: Strategy, at: number): Promise<number> {
  return transact(async (tx) => {
    const user = await tx.repository(createUserDirectory).insert({
      uid: createUid(),
      invite_code: createInviteCode(),
      email: `${strategy.name}@sample-traders.tradedesk.local`,
      is_demo: 0,
      credit_score: 100,
      created_at: at,
    });
    await tx.repository(createSampleTradersRepository).add(strategy.name, user.id, at);
    // The bots are there to be seen and copied: opted in from the start (issue 36).
    await tx.repository(createLeaderSettingsRepository).optIn(user.id, at);
    return user.id;
  });
}

/**
 * Creates, funds and trades every bot through the generated history of the last three weeks;
 * returns the trades made. At each candle's close the command core's clock is that moment and
 * the quote is that close (± spread), so orders, ledger rows and times are what trading then
 * would have written — and so are the points of their daily equity series (replay-series.ts).
 */
export async function replayHistory(
  deps: ReplayDeps,
  strategies: readonly Strategy[],
  run: { now: () => number; stopped: () => boolean },
): Promise<number> {
  const end = run.now();
  const from = end - WINDOW_MS;
  let clock = from - 3_600_000;
  const replayMarket = createReplayMarket(deps.market, () => clock);
  const core = deps.replayCore(() => clock);
  const rules: TradingRules = {
    market: replayMarket.market,
    stopOutLevel: deps.stopOutLevel,
    marginCallLevel: DEFAULT_MARGIN_CALL_LEVEL,
    caps: deps.caps,
  };
  core.use(tradingPolicy(rules));
  let trades = 0;
  for (const strategy of strategies) {
    const record = deps.market.tradeList(strategy.code)[0];
    if (!record) continue;
    const instrument = deps.market.instrument(record.Id);
    clock = from - 3_600_000;
    const userId = await createBot(deps.transact, strategy, clock);
    await core.execute(userId, credit(BOT_FUNDING), { create: true });
    const points = await historyOf(deps.candles, instrument.id, from, end);
    const closes = points.map((p) => p.close);
    const series = createReplaySeries({ ...deps, market: replayMarket.market, userId });
    let holding: (Holding & { orderId: number }) | undefined;
    let made = 0;
    for (let i = 0; i < points.length && !run.stopped(); i++) {
      const last = i === points.length - 1 || made >= MAX_REPLAY_TRADES;
      await series.passTo(points[i]!.at, clock);
      if (!isMarketOpen(instrument.schedule, points[i]!.at)) continue;
      clock = points[i]!.at;
      replayMarket.quote(instrument.id, points[i]!.close);
      const decision = last && holding ? 'close' : strategy.decide(closes, i, holding);
      try {
        if (decision === 'close' && holding) {
          await core.execute(userId, closePositionCommand(rules, holding.orderId));
          holding = undefined;
        } else if (decision && decision !== 'close' && !holding && !last) {
          const order = await core.execute(
            userId,
            openMarketCommand(rules, requestOf(strategy, instrument.id, decision.open)),
          );
          holding = { side: decision.open, openedAt: i, orderId: order.id };
          made++;
        }
      } catch (error) {
        // A refusal (margin, caps) is the engine's answer at that moment: the bot skips it.
        deps.log.debug({ err: error, strategy: strategy.name }, 'sample trader refused');
      }
      if (last && !holding) break;
    }
    if (holding && !run.stopped()) {
      // The history ended on a closed market: out at the last moment it was open.
      await core.execute(userId, closePositionCommand(rules, holding.orderId));
    }
    // The days up to yesterday; today's point is the live series job's.
    if (!run.stopped()) await series.passTo(end, clock);
    trades += made;
  }
  return trades;
}
