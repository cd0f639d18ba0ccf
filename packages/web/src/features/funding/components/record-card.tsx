import { Tag } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagColor, TimelineEntry } from '../lib/record-views.ts';
import { FundingTimeline } from './funding-timeline.tsx';

export interface RecordFact {
  label: string;
  value: ReactNode;
  testId?: string;
  /** Numbers, codes and addresses read left to right in Arabic too. */
  ltr?: boolean;
}

/**
 * One deposit or withdrawal: what, how much, its status, its facts, a reason when it was
 * refused, and its timeline behind a toggle (the list stays short on a phone).
 */
export function RecordCard(props: {
  testId: string;
  id: number;
  title: string;
  amount: string;
  status: { label: string; color: TagColor; testId: string };
  facts: readonly RecordFact[];
  /** A refusal's reason (shown as a warning) or a payment's reference (shown as a fact). */
  reason?: { label: string; text: string; testId: string; warning: boolean } | null;
  timeline: readonly TimelineEntry[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <article className="record-card" data-testid={props.testId} data-id={props.id}>
      <header className="record-head">
        <span className="record-title" dir="ltr">
          {props.title}
        </span>
        <Tag color={props.status.color} fill="outline" data-testid={props.status.testId}>
          {props.status.label}
        </Tag>
      </header>
      <div className="record-amount">
        <span dir="ltr">{props.amount}</span>
      </div>
      <dl className="record-facts">
        {props.facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd dir={fact.ltr ? 'ltr' : 'auto'} data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      {props.reason ? (
        <p className={props.reason.warning ? 'record-reason warning' : 'record-reason'}>
          <strong>{props.reason.label}</strong>{' '}
          <span data-testid={props.reason.testId}>{props.reason.text}</span>
        </p>
      ) : null}
      <button
        type="button"
        className="record-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="record-progress"
      >
        {open ? t('funding.hide_progress') : t('funding.show_progress')}
      </button>
      {open ? <FundingTimeline entries={props.timeline} /> : null}
    </article>
  );
}
