import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import type { TimelineEntry } from '../lib/record-views.ts';

/** Every step of a deposit or withdrawal with its time and note, and the step still ahead. */
export function FundingTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const { t } = useTranslation();
  return (
    <div className="funding-timeline" data-testid="timeline">
      <Steps direction="vertical" current={entries.length - 1}>
        {entries.map((entry) => (
          <Steps.Step
            key={`${entry.key} ${entry.at}`}
            status={entry.state}
            title={<span data-testid="timeline-step">{t(entry.key)}</span>}
            description={
              entry.at || entry.note ? (
                <span className="timeline-detail">
                  {entry.at ? <span dir="ltr">{formatLocalDateTime(entry.at)}</span> : null}
                  {entry.note ? (
                    <span className="timeline-note" dir="auto">
                      {entry.note}
                    </span>
                  ) : null}
                </span>
              ) : undefined
            }
          />
        ))}
      </Steps>
    </div>
  );
}
