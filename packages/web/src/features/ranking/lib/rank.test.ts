import type { RankingTrader } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import {
  formatAssets,
  formatIncome,
  formatMultiple,
  formatRate,
  formatShare,
} from './rank-format.ts';
import { DEFAULT_SORT_KEY, SORT_KEYS, sortTraders } from './rank-sort.ts';

const trader = (rank: number, figures: Partial<RankingTrader>): RankingTrader => ({
  rank,
  id: 100 + rank,
  sample: false,
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
  aum: 0,
  demo_followers: 0,
  return_rate: 0,
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

  it('orders by the time-weighted return', () => {
    const byReturn = [
      trader(1, { return_rate: 4.4 }),
      trader(2, { return_rate: 12.5 }),
      trader(3, { return_rate: -3 }),
    ];
    expect(sortTraders(byReturn, 'return_rate').map((t) => t.rank)).toEqual([2, 1, 3]);
  });

  it('leaves the list it was given alone', () => {
    sortTraders(list, 'total_trade_num');
    expect(list.map((t) => t.rank)).toEqual([1, 2, 3]);
  });

  it('offers the time-weighted return first, and opens on it, then the figures of SPEC.md §3', () => {
    expect(DEFAULT_SORT_KEY).toBe('return_rate');
    expect(SORT_KEYS).toEqual([
      'return_rate',
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

  it('writes assets under copy compactly, for a narrow column', () => {
    expect(formatAssets(830)).toBe('830');
    expect(formatAssets(12_480.5)).toBe('12.48K');
    expect(formatAssets(1_250_000)).toBe('1.25M');
  });
});
