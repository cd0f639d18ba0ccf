import type { FundingStepRow } from '@tradedesk/contract';
import { Empty, Timeline, Typography } from 'antd';
import { STEP_LOOK } from '../lib/statuses.ts';

/** What happened to a deposit or withdrawal, in order: what the trader sees too. */
export function FundingTimeline({ steps }: { steps: readonly FundingStepRow[] }) {
  if (steps.length === 0) return <Empty description="No steps recorded" />;
  return (
    <section className="funding-timeline" data-testid="funding-timeline">
      <h3>Timeline</h3>
      <Timeline
        items={steps.map((step, index) => {
          const look = STEP_LOOK[step.step] ?? { label: step.step, color: 'gray' };
          return {
            key: `${step.step}-${index}`,
            color: look.color,
            content: (
              <div className="funding-step">
                <Typography.Text strong>{look.label}</Typography.Text>
                <Typography.Text type="secondary">{step.at} UTC</Typography.Text>
                {step.note && <Typography.Text>{step.note}</Typography.Text>}
              </div>
            ),
          };
        })}
      />
    </section>
  );
}
