import { type Candle, LANGUAGE_TAGS, type Language, type Period } from '@tradedesk/contract';
import type {
  CandlestickData,
  Coordinate,
  DeepPartial,
  IChartApi,
  IPriceLine,
  ISeriesApi,
  TickMarkType,
  Time,
  TimeChartOptions,
  UTCTimestamp,
} from 'lightweight-charts';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { usePainted } from '../../../lib/use-painted.ts';
import { subscribeLiveCandle } from '../hooks/live-candle.ts';
import { newYorkDate, newYorkDateTime, newYorkDay, newYorkTime } from '../lib/new-york-time.ts';
import { priceAtScaleTap } from '../lib/price-scale-tap.ts';

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

/** A level drawn across the chart, e.g. a price alert's (issue 41). */
export interface ChartPriceLine {
  readonly id: number;
  /** The instrument it belongs to: the page draws the shown instrument's only. */
  readonly forexId: number;
  readonly price: number;
  readonly title: string;
}

const NO_LINES: readonly ChartPriceLine[] = [];
const LINE_COLOR = '#dc6803';

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

// The library's TickMarkType.Time and TimeWithSeconds: hours; the others are days and longer.
// (Numbers here, so that this module does not load the library before the chart is built.)
const TIME_MARKS: readonly number[] = [3, 4];

/**
 * What the chart writes in the reader's language: days on the time axis, the crosshair's
 * time ("2026年11月03日 14:05 GMT-5", the day alone over a day candle); hours read the same
 * in every language.
 */
function languageOptions(language: Language, period: Period): DeepPartial<TimeChartOptions> {
  return {
    timeScale: {
      tickMarkFormatter: (time: Time, type: TickMarkType) =>
        TIME_MARKS.includes(type)
          ? newYorkTime(seconds(time))
          : newYorkDay(seconds(time), language),
    },
    localization: {
      locale: LANGUAGE_TAGS[language],
      timeFormatter: (time: Time) =>
        period === '1day'
          ? newYorkDate(seconds(time), language)
          : newYorkDateTime(seconds(time), language),
    },
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
  priceLines = NO_LINES,
  onScaleTap,
}: {
  candles: readonly Candle[] | undefined;
  code: string;
  period: Period;
  precision: number;
  /** Levels drawn across the chart, dashed, with their title at the price scale. */
  priceLines?: readonly ChartPriceLine[];
  /** A tap on the price scale, with the price there (e.g. to set an alert at it). */
  onScaleTap?(price: number): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi>(undefined);
  const series = useRef<ISeriesApi<'Candlestick'>>(undefined);
  // What the chart was last given, so that an effect never hands it the same again (each
  // call redraws it whole).
  const shown = useRef<{ candles?: readonly Candle[]; precision?: number; labels?: string }>({});
  // The latest props, for the chart built asynchronously once its library has loaded.
  const latest = useRef({ candles, precision, language, period });
  latest.current = { candles, precision, language, period };
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
      .then(({ CandlestickSeries, createChart }) => {
        const box = container.current;
        if (unmounted || !box) return;
        // Sized from its box, which the layout holds from the first frame, and resized only
        // when the box changes: autoSize would draw it once at no size and again at its own.
        let width = box.clientWidth;
        let height = box.clientHeight;
        const { candles: first, precision: digits, language: words, period: span } = latest.current;
        const inLanguage = languageOptions(words, span);
        created = createChart(box, {
          width,
          height,
          layout: {
            background: { color: '#ffffff' },
            textColor: '#667085',
            attributionLogo: false,
          },
          grid: { vertLines: { color: '#f0f2f5' }, horzLines: { color: '#f0f2f5' } },
          // A price at the very top or bottom is left out rather than drawn cut in half.
          rightPriceScale: { borderVisible: false, entireTextOnly: true },
          timeScale: {
            ...inLanguage.timeScale,
            borderVisible: false,
            timeVisible: true,
            // The newest bar stays at the right edge, and the labels there are moved in to be
            // read whole ("10:00", "11月03日"), not cut by the price scale.
            fixRightEdge: true,
          },
          localization: inLanguage.localization,
        });
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
        shown.current = { candles: first, precision: digits, labels: `${words} ${span}` };
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

  // Another period, or another language chosen while the page stays mounted (it does, hidden,
  // behind /language).
  useEffect(() => {
    if (!ready || shown.current.labels === `${language} ${period}`) return;
    shown.current.labels = `${language} ${period}`;
    chart.current?.applyOptions(languageOptions(language, period));
  }, [language, period, ready]);

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

  // The levels are drawn again whole when they change: there are a few at most.
  useEffect(() => {
    const candlesticks = series.current;
    if (!ready || !candlesticks) return;
    const drawn: IPriceLine[] = priceLines.map((line) =>
      candlesticks.createPriceLine({
        price: line.price,
        title: line.title,
        color: LINE_COLOR,
        lineWidth: 1,
        lineStyle: 2,
        axisLabelVisible: true,
      }),
    );
    return () => {
      // The series goes with the chart on unmount, its lines with it.
      if (series.current !== candlesticks) return;
      for (const line of drawn) candlesticks.removePriceLine(line);
    };
  }, [priceLines, ready]);

  // The library reports clicks in the pane only: the scale's are read off the box's own
  // events, which the scale's dragging (to zoom) leaves alone. A tap ends in a click too.
  const tapped = useRef(onScaleTap);
  tapped.current = onScaleTap;
  const listening = onScaleTap !== undefined;
  useEffect(() => {
    const box = container.current;
    const api = chart.current;
    const candlesticks = series.current;
    if (!ready || !listening || !box || !api || !candlesticks) return;
    let down = { x: 0, y: 0 };
    const press = (event: PointerEvent) => {
      down = { x: event.clientX, y: event.clientY };
    };
    const click = (event: MouseEvent) => {
      const rect = box.getBoundingClientRect();
      const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y);
      const scaleWidth = api.priceScale('right').width();
      const pane = api.paneSize();
      const price = priceAtScaleTap(
        { x: event.clientX - rect.left, y: event.clientY - rect.top, moved },
        { width: pane.width + scaleWidth, scaleWidth, paneHeight: pane.height },
        (y) => candlesticks.coordinateToPrice(y as Coordinate),
      );
      if (price !== null) tapped.current?.(price);
    };
    box.addEventListener('pointerdown', press, true);
    box.addEventListener('click', click, true);
    return () => {
      box.removeEventListener('pointerdown', press, true);
      box.removeEventListener('click', click, true);
    };
  }, [listening, ready]);

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
        data-lines={ready ? priceLines.map((line) => line.price).join(' ') : ''}
      />
      {/* Every other time in the app is the trader's own: the chart's axis says it is not. */}
      <span className="chart-zone-note" data-testid="chart-zone-note">
        {t('chart.new_york_time')}
      </span>
    </div>
  );
});
