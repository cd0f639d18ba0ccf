/**
 * Sources (the rule; none gives a multi-position worked figure):
 * - Eightcap FAQ, "What is the stop-out level?" — https://www.eightcap.com/en/faq/what-is-the-stop-out-level/
 *   : positions are closed when equity falls below the regulatory 50 % of the margin required
 *   for the open positions, liquidating first the positions losing the most;
 * - Silver Trading Firms, "Negative balance protection" —
 *   https://silvertradingfirms.com/trading-conditions/negative-balance-protection.php : on MT4
 *   and MT5, stop out closes positions one after another starting from the least profitable;
 * - a broker's margin notice quoted at https://urich2.com/BrokerNewsDetails.html?article_id=3386
 *   : with several positions the one with the biggest loss is closed first, and once the
 *   equity is back above the level the others remain open.
 *
 * What is published is the order of the closes and the re-check after each — no money
 * figures. Reproduced exactly by `planStopOut`. The account below is illustrative (derived,
 * not published): 1 000 USD, two positions of 400 USD margin each, floating −700 and +50.
 */
import { describe, expect, it } from 'vitest';
import {
  accountFigures,
  formatMicros,
  isBelowLevel,
  parseMicros,
  planStopOut,
  subtractMicros,
  ZERO_MICROS,
} from '../../index.ts';

const usd = parseMicros;
/** The engine's balance: 1000 USD less the 800 USD of margin in the two positions. */
const balance = subtractMicros(usd('1000'), usd('800'));
const positions = [
  { id: 'winner', margin: usd('400'), floatingPnl: usd('50') },
  { id: 'loser', margin: usd('400'), floatingPnl: usd('-700') },
];

describe('Stop out: the largest loss goes first, then the level is checked again', () => {
  it('is due: equity 350 USD on 800 USD of margin is 43.75 %, below 50 %', () => {
    const figures = accountFigures({ balance, reserved: ZERO_MICROS }, positions);
    expect(formatMicros(figures.equity)).toBe('350.000000');
    expect(figures.marginLevel).toBe(4_375n);
    expect(isBelowLevel(figures, 5_000n)).toBe(true);
  });

  it('closes the losing position only: 350 on 400 USD of margin is 87.5 %', () => {
    const plan = planStopOut(balance, positions, []);
    expect(plan.close).toEqual(['loser']);
    // 200 + 400 − 700: the balance dips below zero while the winner is still open.
    expect(formatMicros(plan.balance)).toBe('-100.000000');
    expect(plan.protection).toBe(0n);
    const after = accountFigures({ balance: plan.balance, reserved: ZERO_MICROS }, [positions[0]!]);
    expect(after.marginLevel).toBe(8_750n);
  });
});
