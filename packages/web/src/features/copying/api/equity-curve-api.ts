import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EquityPeriod } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { COPYING_KEYS } from './copying-keys.ts';

/** A leader's daily equity and cumulative return over a period (GET /api/follow/equity). */
export function equityCurveQuery(id: number, period: EquityPeriod) {
  return queryOptions({
    queryKey: COPYING_KEYS.equity(id, period),
    queryFn: () => api('followEquity', { id, period }),
    // One point a day: a minute-old curve is the same curve.
    staleTime: 60_000,
  });
}

/** The curve of `period`; the previous period's stays drawn while the next one loads. */
export function useEquityCurve(id: number, period: EquityPeriod) {
  return useQuery({ ...equityCurveQuery(id, period), placeholderData: keepPreviousData });
}
