import { PERIOD_SECONDS } from '@tradedesk/contract';
import { type MarketRepository, nextBucketStart } from '../../market/index.ts';

/** A moment of the past a bot may act at: a candle's close, one second before it ended. */
export interface HistoryPoint {
  at: number;
  close: number;
}

/**
 * The generated price history of the instrument from `from` to `to` (epoch ms), oldest first:
 * hour candles where the market service kept them, day candles before those. Each point is a
 * candle's close at the last second of its bucket; the unfinished newest candle is left out.
 */
export async function historyOf(
  repository: Pick<MarketRepository, 'recentCandles'>,
  instrumentId: number,
  from: number,
  to: number,
): Promise<HistoryPoint[]> {
  const hours = await repository.recentCandles(instrumentId, '60min', 24 * 31);
  const days = await repository.recentCandles(instrumentId, '1day', 40);
  const firstHour = hours[0]?.time ?? Number.POSITIVE_INFINITY;
  const points: HistoryPoint[] = [];
  for (const day of days)
    if (day.time < firstHour)
      points.push({ at: nextBucketStart('1day', day.time) * 1000 - 1000, close: day.close });
  for (const hour of hours)
    points.push({ at: (hour.time + PERIOD_SECONDS['60min']) * 1000 - 1000, close: hour.close });
  return points.filter((p) => p.at >= from && p.at < to);
}
