import type { RankingTrader } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { formatIncome, formatMultiple, formatRate, formatShare, riskBand } from './rank-format.ts';
import { SORT_KEYS, sortTraders } from './rank-sort.ts';

const trader = (rank: number, figures: Partial<RankingTrader>): RankingTrader => ({
  rank,
  user: `u${rank}***@***.com`,
  multiple: 100,
  three_week_rate: 0,
  three_week_win: 0,
  three_week_profit: 0,
  three_week_trade_num: 0,
  total_rate: 0,
  total_profit: 0,
  total_trade_num: 0,
  code: 'EURUSD',
  followers: 0,
  max_drawdown: 0,
  max_drawdown_rate: 0,
  risk_score: 2,
  ...figures,
});

describe('ranking sort', () => {
  const list = [
    trader(1, { three_week_rate: 5, three_week_win: 40, total_trade_num: 3 }),
    trader(2, { three_week_rate: 2, three_week_win: 70, total_trade_num: 30 }),
    trader(3, { three_week_rate: -1, three_week_win: 70, total_trade_num: 12 }),
  ];

  it('orders by the chosen figure, highest first, ties in ranking order', () => {
    expect(sortTraders(list, 'three_week_rate').map((t) => t.rank)).toEqual([1, 2, 3]);
    expect(sortTraders(list, 'three_week_win').map((t) => t.rank)).toEqual([2, 3, 1]);
    expect(sortTraders(list, 'total_trade_num').map((t) => t.rank)).toEqual([2, 3, 1]);
  });

  it('leaves the list it was given alone', () => {
    sortTraders(list, 'total_trade_num');
    expect(list.map((t) => t.rank)).toEqual([1, 2, 3]);
  });

  it('offers the main figures of SPEC.md §3', () => {
    expect(SORT_KEYS).toEqual([
      'three_week_rate',
      'three_week_win',
      'three_week_profit',
      'total_rate',
      'total_trade_num',
      'followers',
    ]);
  });
});

describe('ranking format', () => {
  it('signs rates and income, groups thousands, keeps 2 decimals', () => {
    expect(formatRate(3.59)).toBe('+3.59%');
    expect(formatRate(-29.37)).toBe('-29.37%');
    expect(formatRate(0)).toBe('0.00%');
    expect(formatShare(59.09)).toBe('59.09%');
    expect(formatIncome(1408.5)).toBe('+1,408.50');
    expect(formatIncome(-2941.362)).toBe('-2,941.36');
    expect(formatMultiple(500)).toBe('1:500');
  });

  it('bands risk scores', () => {
    expect([2, 4, 5, 7, 8, 10].map(riskBand)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });
});
