import { randomUUID } from 'node:crypto';
import { asLots, asMicros, type Lots, type Micros, NO_PRICE } from '@tradedesk/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountsRepository } from '../../../platform/core/accounts.repository.ts';
import { type AccountCommand, createCommandCore } from '../../../platform/core/command-core.ts';
import type { Outbox } from '../../../platform/core/outbox.ts';
import { type Database, toInt } from '../../../platform/db/schema.ts';
import { createInviteCode, createUid } from '../../../platform/security/tokens.ts';
import {
  type CandleWire,
  type Instruments,
  type InstrumentWire,
  isMarketOpen,
  type MarketRepository,
  type QuoteReader,
} from '../../market/index.ts';
import {
  createTradingCommands,
  type OrderCaps,
  type OrdersRepository,
  type TradingService,
} from '../../trading/index.ts';
import type { UsersRepository } from '../../users/index.ts';
import { WINDOW_MS } from '../ranking-figures.ts';
import { historyOf } from './history.ts';
import { createReplayMarket } from './replay-market.ts';
import { createReplaySeries } from './replay-series.ts';
import { type Holding, STRATEGIES, type Strategy } from './strategies.ts';

/** What each bot is funded with, once, before its first trade. */
export const BOT_FUNDING = asMicros(10_000_000_000n);
/** The replay's bound per bot, so that a fresh start stays quick. */
export const MAX_REPLAY_TRADES = 80;
/** How often the bots look at the live market (they decide on 5-minute candles). */
export const LIVE_MS = 300_000;
/** Live positions one bot may open within 24 hours, so a long-running node stays small. */
export const MAX_LIVE_TRADES_PER_DAY = 24;
const DAY_MS = 86_400_000;
const RUN_ID = 1;

/**
 * What the bots read of the live market: the quote port's reads (the replay takes the
 * instruments and specs from it), the listing (a replay's rates), the trade list and charts.
 */
export type SampleTradersMarket = QuoteReader &
  Pick<Instruments, 'listed'> &
  Pick<InstrumentWire, 'tradeList'> &
  Pick<CandleWire, 'kline'>;

export interface SampleTradersDeps {
  db: Kysely<Database>;
  market: SampleTradersMarket;
  marketRepository: MarketRepository;
  accounts: AccountsRepository;
  outbox: Outbox;
  orders: OrdersRepository;
  users: UsersRepository;
  trading: TradingService;
  stopOutLevel: bigint;
  caps: OrderCaps;
  now: () => number;
  log: FastifyBaseLogger;
  /** Which strategies run (all by default; a test picks one). */
  strategies?: readonly Strategy[];
}

/** A seed credit: the bot's starting capital, one ledger row (a deposit with no request). */
const credit = (amount: Micros): AccountCommand<void> => ({
  name: 'sample-trader-credit',
  run: async (ctx) => ctx.post([{ kind: 'deposit', amount }], null),
});

const requestOf = (strategy: Strategy, instrumentId: number, side: 'buy' | 'sell') => ({
  instrumentId,
  side,
  lots: asLots(strategy.lots) as Lots,
  leverage: strategy.leverage,
  takeProfit: NO_PRICE,
  stopLoss: NO_PRICE,
});

/**
 * The embedded default's sample traders (issue 12): real accounts (is_demo 0) whose trades go
 * through the trading commands. On a fresh database one node claims the run, creates and funds
 * the bots, and replays the generated history of the last three weeks: at each candle's close
 * the command core's clock is that moment and the quote is that close (± spread), so orders,
 * ledger rows and times are what trading then would have written — and so are the points of
 * their daily equity series (replay-series.ts). Afterwards whichever node
 * holds the lease lets the bots trade live through the ordinary trading service.
 */
export function createSampleTraders(deps: SampleTradersDeps) {
  const { db, market, now, log } = deps;
  const strategies = deps.strategies ?? STRATEGIES;
  const node = randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let work: Promise<unknown> = Promise.resolve();

  /** Claims the replay; false when another node (or an earlier start) already has. */
  async function claim(): Promise<boolean> {
    const at = now();
    const result = await db
      .insertInto('sample_trader_runs')
      .values({ id: RUN_ID, holder: node, lease_until: at + 10 * LIVE_MS, claimed_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async function createBot(strategy: Strategy, at: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const user = await deps.users.insert(
        {
          uid: createUid(),
          invite_code: createInviteCode(),
          email: `${strategy.name}@sample-traders.tradedesk.local`,
          is_demo: 0,
          credit_score: 100,
          created_at: at,
        },
        trx,
      );
      await trx
        .insertInto('sample_traders')
        .values({ strategy: strategy.name, user_id: user.id, created_at: at })
        .execute();
      // The bots are there to be seen and copied: opted in from the start (issue 36).
      await trx
        .insertInto('leader_settings')
        .values({
          user_id: user.id,
          hidden: 0,
          updated_at: at,
          listed: 1,
          copyable: 1,
          consent_at: at,
        })
        .execute();
      return user.id;
    });
  }

  /** Creates, funds and trades every bot through the history; returns the trades made. */
  async function replay(): Promise<number> {
    const end = now();
    const from = end - WINDOW_MS;
    let clock = from - 3_600_000;
    const replayMarket = createReplayMarket(market, () => clock);
    const core = createCommandCore({
      db,
      accounts: deps.accounts,
      outbox: deps.outbox,
      now: () => clock,
    });
    const commands = createTradingCommands({
      orders: deps.orders,
      market: replayMarket.market,
      stopOutLevel: deps.stopOutLevel,
      caps: deps.caps,
    });
    core.use(commands.policy);
    let trades = 0;
    for (const strategy of strategies) {
      const record = market.tradeList(strategy.code)[0];
      if (!record) continue;
      const instrument = market.instrument(record.Id);
      clock = from - 3_600_000;
      const userId = await createBot(strategy, clock);
      await core.execute(userId, credit(BOT_FUNDING), { create: true });
      const points = await historyOf(deps.marketRepository, instrument.id, from, end);
      const closes = points.map((p) => p.close);
      const series = createReplaySeries({ ...deps, market: replayMarket.market, userId });
      let holding: (Holding & { orderId: number }) | undefined;
      let made = 0;
      for (let i = 0; i < points.length && !stopped; i++) {
        const last = i === points.length - 1 || made >= MAX_REPLAY_TRADES;
        await series.passTo(points[i]!.at, clock);
        if (!isMarketOpen(instrument.schedule, points[i]!.at)) continue;
        clock = points[i]!.at;
        replayMarket.quote(instrument.id, points[i]!.close);
        const decision = last && holding ? 'close' : strategy.decide(closes, i, holding);
        try {
          if (decision === 'close' && holding) {
            await core.execute(userId, commands.close(holding.orderId));
            holding = undefined;
          } else if (decision && decision !== 'close' && !holding && !last) {
            const order = await core.execute(
              userId,
              commands.openMarket(requestOf(strategy, instrument.id, decision.open)),
            );
            holding = { side: decision.open, openedAt: i, orderId: order.id };
            made++;
          }
        } catch (error) {
          // A refusal (margin, caps) is the engine's answer at that moment: the bot skips it.
          log.debug({ err: error, strategy: strategy.name }, 'sample trader refused');
        }
        if (last && !holding) break;
      }
      if (holding && !stopped) {
        // The history ended on a closed market: out at the last moment it was open.
        await core.execute(userId, commands.close(holding.orderId));
      }
      // The days up to yesterday; today's point is the live series job's.
      if (!stopped) await series.passTo(end, clock);
      trades += made;
    }
    return trades;
  }

  /** Whether the bot opened fewer than MAX_LIVE_TRADES_PER_DAY positions in the last day. */
  async function roomToday(userId: number, at: number): Promise<boolean> {
    const { count } = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('count'))
      .where('user_id', '=', userId)
      .where('created_at', '>', at - DAY_MS)
      .executeTakeFirstOrThrow();
    return Number(count) < MAX_LIVE_TRADES_PER_DAY;
  }

  /** One look at the live market by every bot, if this node holds the lease. */
  async function tradeLive(): Promise<void> {
    const at = now();
    const lease = await db
      .updateTable('sample_trader_runs')
      .set({ holder: node, lease_until: at + 3 * LIVE_MS })
      .where('id', '=', RUN_ID)
      .where('replayed_at', 'is not', null)
      .where((eb) => eb.or([eb('holder', '=', node), eb('lease_until', '<', at)]))
      .executeTakeFirst();
    if (Number(lease.numUpdatedRows) !== 1) return;
    const bots = await db.selectFrom('sample_traders').select(['strategy', 'user_id']).execute();
    for (const bot of bots) {
      if (stopped) return;
      const strategy = strategies.find((s) => s.name === bot.strategy);
      const user = await deps.users.findById(toInt(bot.user_id));
      const record = strategy && market.tradeList(strategy.code)[0];
      if (!strategy || !user || !record) continue;
      if (!market.isOpen(market.instrument(record.Id))) continue;
      const closes = market.kline(record.Id, '5min').map((c) => c.Close);
      const open = (await deps.orders.ofUser(user.id, 'holding'))[0];
      const i = closes.length - 1;
      const holding = open && {
        side: open.side,
        openedAt: i - Math.floor((at - (open.openedAt ?? at)) / LIVE_MS),
      };
      const decision = strategy.decide(closes, i, holding, Math.floor(at / LIVE_MS));
      try {
        if (decision === 'close' && open) await deps.trading.close(user, open.id);
        else if (decision && decision !== 'close' && !open && (await roomToday(user.id, at)))
          await deps.trading.openMarket(user, requestOf(strategy, record.Id, decision.open));
      } catch (error) {
        log.debug({ err: error, strategy: strategy.name }, 'sample trader refused');
      }
    }
  }

  async function run(): Promise<void> {
    if (await claim()) {
      const started = Date.now();
      const trades = await replay();
      if (stopped) return;
      await db
        .updateTable('sample_trader_runs')
        .set({ replayed_at: now(), trades })
        .where('id', '=', RUN_ID)
        .execute();
      log.info({ trades, ms: Date.now() - started }, 'sample traders replayed three weeks');
    }
  }

  return {
    /**
     * Replays (when this node claims it) in the background, then trades live every LIVE_MS;
     * `onReplayed` runs once the replay is over (the ranking refreshes).
     */
    start(onReplayed: () => Promise<void> | void): void {
      work = run()
        .then(onReplayed)
        .catch((error) => log.error({ err: error }, 'sample traders replay failed'));
      timer = setInterval(() => {
        work = work
          .then(tradeLive)
          .catch((error) => log.error({ err: error }, 'sample traders failed'));
      }, LIVE_MS);
      timer.unref();
    },
    /** Stops and waits for what is under way. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await work;
    },
    /** Waits for the replay and any live round under way (tests). */
    idle: () => work,
    tradeLive,
  };
}
