import { memo, useRef } from 'react';
import { useSeen } from '../../../lib/use-seen.ts';
import { useSparkline } from '../api/market-api.ts';

const WIDTH = 72;
const HEIGHT = 28;

/**
 * The small area chart of a home row: an inline SVG of the last day's closes, far lighter
 * than a chart library instance per row. Its candles are asked for once the row comes near
 * the screen: the first screen shows about nine of the list's rows.
 */
export const Sparkline = memo(function Sparkline({
  instrumentId,
  trend,
}: {
  instrumentId: number;
  trend: 'up' | 'down' | 'flat';
}) {
  const ref = useRef<SVGSVGElement>(null);
  const { data } = useSparkline(instrumentId, useSeen(ref));
  if (!data || data.length < 2)
    return <svg ref={ref} className="sparkline" width={WIDTH} height={HEIGHT} aria-hidden="true" />;
  const closes = data.map((c) => c.Close);
  const min = Math.min(...closes);
  const max = Math.max(...closes);
  const span = max - min || 1;
  const points = closes.map((close, i) => {
    const x = (i / (closes.length - 1)) * WIDTH;
    const y = HEIGHT - 2 - ((close - min) / span) * (HEIGHT - 4);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = `M${points.join(' L')}`;
  return (
    <svg
      ref={ref}
      className={`sparkline ${trend}`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
    >
      <path d={`${line} L${WIDTH},${HEIGHT} L0,${HEIGHT} Z`} className="sparkline-area" />
      <path d={line} className="sparkline-line" />
    </svg>
  );
});
