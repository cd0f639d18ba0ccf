import { type Candle, MARKET_TIME_ZONE } from '@tradedesk/contract';
import type {
  CandlestickData,
  IChartApi,
  ISeriesApi,
  TickMarkType,
  Time,
  UTCTimestamp,
} from 'lightweight-charts';
import { memo, useEffect, useRef, useState } from 'react';
import { usePainted } from '../../../lib/use-painted.ts';

/**
 * The chart library (~45 KB compressed) loads on its own, once the page has painted: the
 * chart's box is there from the first frame, so nothing moves when the candles appear.
 */
const chartLibrary = () => import('lightweight-charts');

const UP = '#175cd3';
const DOWN = '#cf222e';

const nyTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: MARKET_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const nyDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: MARKET_TIME_ZONE,
  day: '2-digit',
  month: 'short',
});
const nyFull = new Intl.DateTimeFormat('en-GB', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(time: Time): Date {
  return new Date((time as number) * 1000);
}

function toBar(candle: Candle): CandlestickData<UTCTimestamp> {
  return {
    time: candle.Time as UTCTimestamp,
    open: candle.Open,
    high: candle.High,
    low: candle.Low,
    close: candle.Close,
  };
}

/**
 * Candlesticks (lightweight-charts) with times shown in New York, where sessions and day
 * candles are defined. `candles` replaces the data; `live` updates the last bar.
 */
export const CandleChart = memo(function CandleChart({
  candles,
  live,
  precision,
}: {
  candles: readonly Candle[] | undefined;
  live: Candle | undefined;
  precision: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi>(undefined);
  const series = useRef<ISeriesApi<'Candlestick'>>(undefined);
  // Set once the library has loaded and the chart exists: the data effects run again then.
  const [ready, setReady] = useState(false);

  const painted = usePainted();

  useEffect(() => {
    if (!painted) return;
    let created: IChartApi | undefined;
    let unmounted = false;
    void chartLibrary().then(({ CandlestickSeries, createChart, TickMarkType: Mark }) => {
      if (unmounted || !container.current) return;
      created = createChart(container.current, {
        autoSize: true,
        layout: { background: { color: '#ffffff' }, textColor: '#667085', attributionLogo: false },
        grid: { vertLines: { color: '#f0f2f5' }, horzLines: { color: '#f0f2f5' } },
        rightPriceScale: { borderVisible: false },
        timeScale: {
          borderVisible: false,
          timeVisible: true,
          tickMarkFormatter: (time: Time, type: TickMarkType) =>
            type === Mark.Time || type === Mark.TimeWithSeconds
              ? nyTime.format(toDate(time))
              : nyDay.format(toDate(time)),
        },
        localization: { timeFormatter: (time: Time) => `${nyFull.format(toDate(time))} NY` },
      });
      chart.current = created;
      series.current = created.addSeries(CandlestickSeries, {
        upColor: UP,
        downColor: DOWN,
        borderUpColor: UP,
        borderDownColor: DOWN,
        wickUpColor: UP,
        wickDownColor: DOWN,
      });
      setReady(true);
    });
    return () => {
      unmounted = true;
      created?.remove();
      chart.current = undefined;
      series.current = undefined;
    };
  }, [painted]);

  useEffect(() => {
    if (!ready) return;
    series.current?.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
  }, [precision, ready]);

  useEffect(() => {
    if (!candles || !ready) return;
    series.current?.setData(candles.map(toBar));
    chart.current?.timeScale().scrollToRealTime();
  }, [candles, ready]);

  useEffect(() => {
    if (!live || !candles?.length || !ready) return;
    const last = candles.at(-1)!;
    // An update for an older bar than the chart's last one would throw; it is stale anyway.
    if (live.Time >= last.Time) series.current?.update(toBar(live));
  }, [live, candles, ready]);

  return (
    <div
      ref={container}
      className="candle-chart"
      data-testid="candle-chart"
      data-bars={ready ? (candles?.length ?? 0) : 0}
      data-first={candles?.[0]?.Time ?? ''}
    />
  );
});
