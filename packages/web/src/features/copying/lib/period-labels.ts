import type { EquityPeriod } from '@tradedesk/contract';

/** The i18n key of each period of the equity curve (EQUITY_PERIODS), in its tab. */
export const PERIOD_KEYS: Record<EquityPeriod, string> = {
  '1m': 'copy.period_month',
  '3m': 'copy.period_quarter',
  '6m': 'copy.period_half_year',
  '1y': 'copy.period_year',
  all: 'copy.period_all',
};
