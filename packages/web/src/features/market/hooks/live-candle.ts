import { type Candle, type KlineUpdate, klineTopic, type Period } from '@tradedesk/contract';
import { socketClient } from '../../../lib/ws-client.ts';

/**
 * Calls `onCandle` with the current candle of `period` each time KLINE.{code} reports it;
 * returns the unsubscribe. A plain callback, not React state: the chart draws the update
 * itself, and nothing else on the page re-renders for it.
 */
export function subscribeLiveCandle(
  code: string,
  period: Period,
  onCandle: (candle: Candle) => void,
): () => void {
  return socketClient.subscribe(klineTopic(code), (data) => {
    const updates = (Array.isArray(data) ? data : [data]) as KlineUpdate[];
    const mine = updates.find((u) => u.period === period);
    if (mine)
      onCandle({
        Time: mine.Time,
        Open: mine.Open,
        High: mine.High,
        Low: mine.Low,
        Close: mine.Close,
        Volume: mine.Volume,
      });
  });
}
