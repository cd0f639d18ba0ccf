import type { IChartApi, ISeriesApi, TickMarkType, Time, UTCTimestamp } from 'lightweight-charts';
import { memo, useEffect, useRef, useState } from 'react';
import { formatSignedPercent } from '../../../lib/format.ts';
import { usePainted } from '../../../lib/use-painted.ts';
import type { ReturnPoint } from '../lib/equity-series.ts';
import { utcDay, utcMonth, utcMonthDay } from '../lib/equity-series.ts';

/**
 * The chart library loads on its own once the page has painted, as the trade page's candle
 * chart does (the two share one download); the chart's box holds its place from the first
 * frame, so nothing moves when the line appears.
 */
const chartLibrary = () => import('lightweight-charts');

// The candle chart's theme, so that the app's two charts read alike: white, grey text and
// grid, the app's blue for the line.
const LINE = '#175cd3';
const TEXT = '#667085';
const GRID = '#f0f2f5';

const seconds = (time: Time) => time as number;

function toSeriesData(points: readonly ReturnPoint[]) {
  return points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value }));
}

/**
 * A leader's cumulative time-weighted return, one point a day (UTC), as an area line. Its
 * values are percentages: the price scale and the crosshair write them as the app does
 * ("+4.40%"), never in the reader's script (the price scale is drawn, not laid out).
 */
export const EquityChart = memo(function EquityChart({
  points,
}: {
  points: readonly ReturnPoint[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi>(undefined);
  const series = useRef<ISeriesApi<'Area'>>(undefined);
  const latest = useRef(points);
  latest.current = points;
  const [ready, setReady] = useState(false);
  const painted = usePainted();

  useEffect(() => {
    if (!painted) return;
    let created: IChartApi | undefined;
    let resizes: ResizeObserver | undefined;
    let unmounted = false;
    void chartLibrary().then(({ AreaSeries, createChart, TickMarkType: Mark }) => {
      const box = container.current;
      if (unmounted || !box) return;
      created = createChart(box, {
        width: box.clientWidth,
        height: box.clientHeight,
        layout: { background: { color: '#ffffff' }, textColor: TEXT, attributionLogo: false },
        grid: { vertLines: { color: GRID }, horzLines: { color: GRID } },
        // Room above and below the line, so the top and bottom labels are never cut.
        rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.08 } },
        handleScroll: false,
        handleScale: false,
        timeScale: {
          borderVisible: false,
          tickMarkFormatter: (time: Time, type: TickMarkType) =>
            type === Mark.Year
              ? String(new Date(seconds(time) * 1000).getUTCFullYear())
              : type === Mark.Month
                ? utcMonth(seconds(time))
                : utcMonthDay(seconds(time)),
        },
        localization: {
          timeFormatter: (time: Time) => utcDay(seconds(time)),
          priceFormatter: (value: number) => formatSignedPercent(value, 'en'),
        },
      });
      series.current = created.addSeries(AreaSeries, {
        lineColor: LINE,
        lineWidth: 2,
        topColor: 'rgba(23, 92, 211, 0.24)',
        bottomColor: 'rgba(23, 92, 211, 0.02)',
        priceLineVisible: false,
      });
      series.current.setData(toSeriesData(latest.current));
      created.timeScale().fitContent();
      chart.current = created;
      const chartApi = created;
      resizes = new ResizeObserver(() => chartApi.resize(box.clientWidth, box.clientHeight));
      resizes.observe(box);
      setReady(true);
    });
    return () => {
      unmounted = true;
      resizes?.disconnect();
      created?.remove();
      chart.current = undefined;
      series.current = undefined;
    };
  }, [painted]);

  useEffect(() => {
    if (!ready) return;
    series.current?.setData(toSeriesData(points));
    chart.current?.timeScale().fitContent();
  }, [points, ready]);

  return (
    // The chart lays out left to right in every language: its time axis runs that way.
    <div
      ref={container}
      dir="ltr"
      className="equity-chart"
      data-testid="equity-chart"
      data-points={ready ? points.length : 0}
    />
  );
});
