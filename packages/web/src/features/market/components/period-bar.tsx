import type { Period } from '@tradedesk/contract';

/** The chart periods with their labels (SPEC.md §2: 1M 5M 15M 30M 1H 1D). */
const LABELS: readonly [Period, string][] = [
  ['1min', '1M'],
  ['5min', '5M'],
  ['15min', '15M'],
  ['30min', '30M'],
  ['60min', '1H'],
  ['1day', '1D'],
];

export function PeriodBar({
  value,
  onChange,
}: {
  value: Period;
  onChange: (period: Period) => void;
}) {
  return (
    <div className="period-bar" role="tablist">
      {LABELS.map(([period, label]) => (
        <button
          type="button"
          role="tab"
          key={period}
          aria-selected={period === value}
          className={period === value ? 'period active' : 'period'}
          data-period={period}
          onClick={() => onChange(period)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
