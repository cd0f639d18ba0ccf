import {
  addMicros,
  bookPnlExact,
  bookPnlRange,
  createStopOutScreen,
  type HoldingMarket,
  isBelowLevel,
  type Micros,
  placeForStopOut,
  type QuoteOf,
  screenedSides,
} from '@tradedesk/engine';
import type { QuotePort } from '../market/index.ts';
import { type AccountHoldings, holdingMarket } from './account-holdings.ts';
import type { AccountView } from './account-views.ts';

type ScreeningMarket = Pick<QuotePort, 'spec' | 'quotePoints' | 'rates' | 'profitRateAtQuotes'>;

/**
 * Memory's watch on stop-out: the screen of the accounts holding positions, and the exact
 * test of one a tick reached. Both value an account per instrument and side it holds (its
 * holdings' sums), not per position; only an equity whose bounds straddle the level is
 * valued position by position.
 */
export function createStopOutWatch(deps: { market: ScreeningMarket; stopOutLevel: bigint }) {
  const { market, stopOutLevel } = deps;
  const screen = createStopOutScreen();

  /** An instrument as the screen values it at any quotes (its profit rate at those quotes too). */
  const marketAt = (instrumentId: number, quoteOf: QuoteOf): HoldingMarket => ({
    spec: market.spec(instrumentId),
    quote: quoteOf(instrumentId),
    profitRate: market.profitRateAtQuotes(instrumentId, quoteOf),
  });

  return {
    /**
     * Boxes the account's quotes may wander in, or every tick when it is near its level; out
     * of the screen with nothing open.
     */
    place(accountId: number, view: AccountView | undefined, held: AccountHoldings | undefined) {
      if (!view || !held || held.positions.size === 0) {
        screen.forget(accountId);
        return;
      }
      screen.place(
        accountId,
        placeForStopOut(
          { balance: view.balance, reserved: held.reserved },
          screenedSides(held.positions, marketAt),
          (id) => market.quotePoints(id),
          stopOutLevel,
          { hintBp: screen.shiftOf(accountId) },
        ),
      );
    },

    /** Whether the account is due for a stop-out at the current quotes, exactly. */
    isDue(view: AccountView | undefined, held: AccountHoldings | undefined): boolean {
      if (!view) return true;
      // With nothing open, only a balance below 0 needs settling (reserves, then protection).
      if (!held || held.positions.size === 0) return view.balance < 0n;
      const { positions } = held;
      const instrumentAt = holdingMarket(market);
      const cash = addMicros(view.balance, held.reserved);
      const below = (floating: Micros) =>
        isBelowLevel(
          {
            usedMargin: positions.usedMargin,
            equity: addMicros(addMicros(cash, positions.usedMargin), floating),
          },
          stopOutLevel,
        );
      const pnl = bookPnlRange(positions, instrumentAt);
      if (!below(pnl.low)) return false;
      if (below(pnl.high)) return true;
      return below(bookPnlExact(positions, instrumentAt));
    },

    forget: (accountId: number): void => screen.forget(accountId),
    reached: screen.reached,
    counts: screen.counts,
  };
}
