import type { RankingTrader } from '@tradedesk/contract';

/**
 * The figures the list can be ordered by, highest first (SPEC.md §3 Ranking trader). The
 * time-weighted return comes first and is the default (issue 37): it is what a copy would have
 * earned, where profit ÷ margin showed a scalper who lost 37.80 % of equity at −5.14 %.
 */
export const SORT_KEYS = [
  'return_rate',
  'three_week_rate',
  'three_week_win',
  'three_week_profit',
  'total_rate',
  'total_trade_num',
  'followers',
] as const satisfies readonly (keyof RankingTrader)[];
export type SortKey = (typeof SORT_KEYS)[number];

/** The order the page opens in: the server's own (it places rows by `return_rate`). */
export const DEFAULT_SORT_KEY: SortKey = 'return_rate';

/** The label of each sort key (the same labels as the figures in a row). */
export const SORT_LABELS: Record<SortKey, string> = {
  return_rate: 'rank.return_rate',
  three_week_rate: 'rank.three_week_rate',
  three_week_win: 'rank.win_rate',
  three_week_profit: 'rank.income',
  total_rate: 'rank.total_rate',
  total_trade_num: 'rank.total_orders',
  followers: 'rank.followers',
};

/** A new array, highest `key` first; ties keep the server's ranking. */
export function sortTraders(traders: readonly RankingTrader[], key: SortKey): RankingTrader[] {
  return [...traders].sort((a, b) => b[key] - a[key] || a.rank - b.rank);
}
