/**
 * Source: Hercules Finance FAQ, "How to partially close FX positions in MetaTrader 4" —
 * https://hercules-finance.com/faq/how-to-close-fx-positions-partially-in-metatrader4 :
 * a trader opens 0.5 lot GBPUSD at 1.62638, then closes 0.3 lot of it; the remaining 0.2 lot
 * stays open at the position's opening price, 1.62638, and its commission is for 0.2 lot — the
 * costs go by volume.
 *
 * Published: the lots, the price, that the remainder keeps the open price and that costs go
 * by volume. Derived: the margin (0.5 lot at 1:100 with GBP at 1.62638, MT5's forex formula:
 * 813.19 USD) and an illustrative fee of 0.05 % of the 81 319 USD notional (40.6595 USD), each split
 * 3 : 2 to the micro-dollar.
 */
import { describe, expect, it } from 'vitest';
import {
  marginMicros,
  parseLots,
  parseMicros,
  parsePricePoints,
  splitPosition,
} from '../../index.ts';
import { forexPair, rateFromUsdPair } from '../fixtures.ts';

const GBPUSD = forexPair('GBPUSD', 5, 'USD');
const open = parsePricePoints('1.62638', 5);

describe('MT4: closing 0.3 lot of a 0.5 lot GBPUSD position', () => {
  const position = {
    id: 9399348,
    openPrice: open,
    lots: parseLots('0.5'),
    margin: marginMicros(GBPUSD, 'buy', parseLots('0.5'), open, 100, rateFromUsdPair('1.62638', 5)),
    fee: parseMicros('40.6595'),
  };

  it('closes 0.3 lot and keeps 0.2 open at 1.62638, with margin and fee by volume', () => {
    expect(position.margin).toBe(parseMicros('813.19'));
    const split = splitPosition(GBPUSD, position, parseLots('0.3'));
    expect(split).toEqual({
      ok: true,
      closed: {
        lots: parseLots('0.3'),
        margin: parseMicros('487.914'),
        fee: parseMicros('24.3957'),
      },
      remaining: {
        id: 9399348,
        openPrice: open,
        lots: parseLots('0.2'),
        margin: parseMicros('325.276'),
        fee: parseMicros('16.2638'),
      },
    });
  });

  it('refuses a part or a rest under the minimum lot, off the step, or the whole (derived)', () => {
    const refusal = (lots: string) => {
      const split = splitPosition(GBPUSD, position, parseLots(lots));
      return split.ok ? 'ok' : split.reason;
    };
    expect(refusal('0.5')).toBe('PART_NOT_LESS_THAN_WHOLE');
    expect(refusal('0.005')).toBe('LOTS_BELOW_MIN');
    expect(refusal('0.305')).toBe('LOTS_OFF_STEP');
    expect(refusal('0.495')).toBe('LOTS_OFF_STEP');
    expect(refusal('0.49')).toBe('ok');
  });
});
