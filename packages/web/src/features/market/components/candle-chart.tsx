import type { Candle, Period } from '@tradedesk/contract';
import type {
  CandlestickData,
  IChartApi,
  ISeriesApi,
  TickMarkType,
  Time,
  UTCTimestamp,
} from 'lightweight-charts';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePainted } from '../../../lib/use-painted.ts';
import { subscribeLiveCandle } from '../hooks/live-candle.ts';
import { newYorkDateTime, newYorkDay, newYorkTime } from '../lib/new-york-time.ts';

/**
 * The chart library (~45 KB compressed) loads on its own, once the page has painted: the
 * chart's box is there from the first frame, so nothing moves when the candles appear.
 */
const chartLibrary = () => import('lightweight-charts');

/**
 * `value`, handed on in a task of its own: the chart is built after the task that evaluated
 * its library, not in it, so that neither makes the other a longer stretch of a phone's main
 * thread.
 */
const inNextTask = <T,>(value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

const UP = '#175cd3';
const DOWN = '#cf222e';

/** Chart times are UTC seconds. */
const seconds = (time: Time) => time as number;

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
 * candles are defined. `candles` replaces the data; KLINE.{code} then moves the last bar.
 */
export const CandleChart = memo(function CandleChart({
  candles,
  code,
  period,
  precision,
}: {
  candles: readonly Candle[] | undefined;
  code: string;
  period: Period;
  precision: number;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi>(undefined);
  const series = useRef<ISeriesApi<'Candlestick'>>(undefined);
  // What the chart was last given, so that an effect never hands it the same again (each
  // call redraws it whole).
  const shown = useRef<{ candles?: readonly Candle[]; precision?: number }>({});
  // The latest props, for the chart built asynchronously once its library has loaded.
  const latest = useRef({ candles, precision });
  latest.current = { candles, precision };
  // Set once the library has loaded and the chart exists: the data effects run again then.
  const [ready, setReady] = useState(false);

  // The chart is built once the page has painted and its first candles are here, with them:
  // one layout and one first drawing, not an empty chart drawn and then drawn again.
  const painted = usePainted();
  const [hadCandles, setHadCandles] = useState(false);
  if (candles && !hadCandles) setHadCandles(true);

  useEffect(() => {
    if (!painted || !hadCandles) return;
    let created: IChartApi | undefined;
    let resizes: ResizeObserver | undefined;
    let unmounted = false;
    void chartLibrary()
      .then(inNextTask)
      .then(({ CandlestickSeries, createChart, TickMarkType: Mark }) => {
        const box = container.current;
        if (unmounted || !box) return;
        // Sized from its box, which the layout holds from the first frame, and resized only
        // when the box changes: autoSize would draw it once at no size and again at its own.
        let width = box.clientWidth;
        let height = box.clientHeight;
        created = createChart(box, {
          width,
          height,
          layout: {
            background: { color: '#ffffff' },
            textColor: '#667085',
            attributionLogo: false,
          },
          grid: { vertLines: { color: '#f0f2f5' }, horzLines: { color: '#f0f2f5' } },
          rightPriceScale: { borderVisible: false },
          timeScale: {
            borderVisible: false,
            timeVisible: true,
            tickMarkFormatter: (time: Time, type: TickMarkType) =>
              type === Mark.Time || type === Mark.TimeWithSeconds
                ? newYorkTime(seconds(time))
                : newYorkDay(seconds(time)),
          },
          localization: { timeFormatter: (time: Time) => `${newYorkDateTime(seconds(time))} NY` },
        });
        const { candles: first, precision: digits } = latest.current;
        series.current = created.addSeries(CandlestickSeries, {
          upColor: UP,
          downColor: DOWN,
          borderUpColor: UP,
          borderDownColor: DOWN,
          wickUpColor: UP,
          wickDownColor: DOWN,
          priceFormat: { type: 'price', precision: digits, minMove: 10 ** -digits },
        });
        if (first) series.current.setData(first.map(toBar));
        shown.current = { candles: first, precision: digits };
        chart.current = created;
        const chartApi = created;
        resizes = new ResizeObserver(() => {
          if (box.clientWidth === width && box.clientHeight === height) return;
          width = box.clientWidth;
          height = box.clientHeight;
          chartApi.resize(width, height);
        });
        resizes.observe(box);
        setReady(true);
      });
    return () => {
      unmounted = true;
      resizes?.disconnect();
      created?.remove();
      chart.current = undefined;
      series.current = undefined;
      shown.current = {};
    };
  }, [painted, hadCandles]);

  useEffect(() => {
    if (!ready || shown.current.precision === precision) return;
    shown.current.precision = precision;
    series.current?.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
  }, [precision, ready]);

  useEffect(() => {
    if (!candles || !ready || shown.current.candles === candles) return;
    shown.current.candles = candles;
    series.current?.setData(candles.map(toBar));
    chart.current?.timeScale().scrollToRealTime();
  }, [candles, ready]);

  // Live bars go straight to the chart, ten a second: no React state, no re-render.
  useEffect(() => {
    if (!candles?.length || !ready) return;
    let lastTime = candles.at(-1)!.Time;
    return subscribeLiveCandle(code, period, (live) => {
      // An update for an older bar than the chart's last one would throw; it is stale anyway.
      if (live.Time < lastTime) return;
      lastTime = live.Time;
      series.current?.update(toBar(live));
    });
  }, [code, period, candles, ready]);

  return (
    <div className="candle-chart-frame">
      <div
        ref={container}
        className="candle-chart"
        data-testid="candle-chart"
        data-bars={ready ? (candles?.length ?? 0) : 0}
        data-first={candles?.[0]?.Time ?? ''}
      />
      {/* Every other time in the app is the trader's own: the chart's axis says it is not. */}
      <span className="chart-zone-note" data-testid="chart-zone-note">
        {t('chart.new_york_time')}
      </span>
    </div>
  );
});
