import type { RankingTrader } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { rankRows } from './leader-entry.ts';

const row = (id: number, figures: Partial<RankingTrader>): Omit<RankingTrader, 'rank'> => ({
  id,
  sample: true,
  user: `trader-${id}`,
  multiple: 100,
  three_week_rate: 0,
  three_week_win: 0,
  three_week_profit: 0,
  three_week_trade_num: 1,
  total_rate: 0,
  total_profit: 0,
  total_trade_num: 1,
  code: 'EURUSD',
  followers: 0,
  aum: 0,
  demo_followers: 0,
  return_rate: 0,
  max_drawdown: 0,
  max_drawdown_rate: 0,
  risk_score: 1,
  ...figures,
});

describe('the ranking order (issue 37)', () => {
  it('places by time-weighted return, not by profit over margin', () => {
    // The scalper of the tour: −5.14 % of margin, but 10 000 → 6 219 is −37.80 % of equity.
    const scalper = row(1, { three_week_rate: -5.14, return_rate: -37.8 });
    const steady = row(2, { three_week_rate: -12.5, return_rate: 4.2 });
    const flat = row(3, { three_week_rate: 30, return_rate: 0 });
    expect(rankRows([scalper, steady, flat], 10).map((r) => [r.rank, r.id])).toEqual([
      [1, 2],
      [2, 3],
      [3, 1],
    ]);
  });

  it('breaks a tie of returns by three-week rate, then profit, trades and id', () => {
    const a = row(4, { return_rate: 1, three_week_rate: 2 });
    const b = row(5, { return_rate: 1, three_week_rate: 3 });
    const c = row(6, { return_rate: 1, three_week_rate: 3, three_week_profit: 10 });
    expect(rankRows([a, b, c], 2).map((r) => r.id)).toEqual([6, 5]);
  });
});
