import { type Candle, type KlineUpdate, klineTopic, type Period } from '@tradedesk/contract';
import { useEffect, useState } from 'react';
import { socketClient } from '../../../lib/ws-client.ts';

/** The current candle of `period` as KLINE.{code} reports it. */
export function useLiveCandle(code: string | undefined, period: Period): Candle | undefined {
  const [candle, setCandle] = useState<Candle>();
  useEffect(() => {
    setCandle(undefined);
    if (!code) return;
    return socketClient.subscribe(klineTopic(code), (data) => {
      const updates = (Array.isArray(data) ? data : [data]) as KlineUpdate[];
      const mine = updates.find((u) => u.period === period);
      if (mine)
        setCandle({
          Time: mine.Time,
          Open: mine.Open,
          High: mine.High,
          Low: mine.Low,
          Close: mine.Close,
          Volume: mine.Volume,
        });
    });
  }, [code, period]);
  return candle;
}
