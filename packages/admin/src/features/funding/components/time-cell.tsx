import { formatTime } from '../../../lib/format.ts';

/** A UTC time on two lines (date above time), to keep wide queue tables within the screen. */
export function TimeCell({ ms }: { ms: number | null }) {
  const [date, time] = formatTime(ms).split(' ');
  return (
    <span className="time-cell">
      <span>{date}</span>
      {time && <span>{time}</span>}
    </span>
  );
}
