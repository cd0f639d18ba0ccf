import { Typography } from 'antd';

interface DestinationTextProps {
  value: string;
  /** In a table: one line, cut with an ellipsis (the whole text on hover, in the copy, and in the review). */
  compact?: boolean;
}

/** An address or bank account: copyable, and wrapped rather than cut where it is checked. */
export function DestinationText({ value, compact = false }: DestinationTextProps) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className={compact ? 'funding-destination compact' : 'funding-destination'}>
      <span className="funding-destination-text" title={value}>
        {value}
      </span>
      <Typography.Text copyable={{ text: value }} />
    </span>
  );
}
