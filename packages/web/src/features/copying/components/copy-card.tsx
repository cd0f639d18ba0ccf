import type { Copy } from '@tradedesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSignedMoney, trendOf } from '../../../lib/format.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { traderPath } from '../../../lib/route-paths.ts';
import { formatReturn, formatUsd, isRunning } from '../lib/copy-figures.ts';
import { STATUS_KEYS, STOP_REASON_KEYS } from '../lib/copy-labels.ts';
import { CopyActions } from './copy-actions.tsx';
import { CopyPositions } from './copy-positions.tsx';
import { SkippedTrades } from './skipped-trades.tsx';

/** Why and when a stopped copy ended. */
function StoppedLine({ copy }: { copy: Copy }) {
  const { t } = useTranslation();
  return (
    <p className="copy-stopped" data-testid="copy-stopped">
      {copy.stop_reason ? t(STOP_REASON_KEYS[copy.stop_reason]) : null}
      {copy.stopped_at ? (
        <>
          {' · '}
          <time>{formatLocalDateTime(copy.stopped_at)}</time>
        </>
      ) : null}
    </p>
  );
}

type Figure = [id: string, label: string, value: ReactNode];

/** An amount as one left-to-right unit, so "USD" stays after it in Arabic. */
const usd = (value: number) => <bdi>{formatUsd(value)}</bdi>;

/**
 * A running copy's money: what went in, what it is worth, where it stops by itself. A stopped
 * copy's: what went in and what came back.
 */
function moneyFigures(copy: Copy, t: (key: string) => string): Figure[] {
  // Not one left-to-right unit: the two counts follow the page's direction, as the two words
  // of their label do ("copied / skipped" reads right to left in Arabic, and so do they).
  const counts: Figure = [
    'counts',
    t('copy.mirrored_skipped'),
    `${copy.mirrored} / ${copy.skipped_count}`,
  ];
  const invested: Figure = ['amount', t('copy.invested'), usd(copy.amount)];
  if (!isRunning(copy))
    return [invested, ['returned', t('copy.returned'), usd(copy.returned)], counts];
  return [
    invested,
    ['equity', t('copy.equity'), usd(copy.equity)],
    ['stop-equity', t('copy.stop_equity'), usd(copy.stop_equity)],
    counts,
  ];
}

/** One copy: its P&L, money, the leader's trades it took and skipped, and its actions. */
export function CopyCard({ copy, onFunds }: { copy: Copy; onFunds(copy: Copy): void }) {
  const { t } = useTranslation();
  const running = isRunning(copy);
  return (
    <article className="copy-card" data-testid="copy-card" data-status={copy.status}>
      <header className="copy-card-head">
        <Link to={traderPath(copy.leader_id)} className="copy-leader">
          <bdi>{copy.leader}</bdi>
        </Link>
        <span className={`copy-status ${copy.status}`} data-testid="copy-status">
          {t(STATUS_KEYS[copy.status])}
        </span>
      </header>
      <div className="copy-pnl">
        <span className="copy-muted">{t('copy.pnl')}</span>
        <bdi className={trendOf(copy.pnl)} data-testid="copy-pnl">
          {formatSignedMoney(copy.pnl, 'en')} USD
        </bdi>
        <bdi className={trendOf(copy.pnl_rate)} data-testid="copy-pnl-rate">
          {formatReturn(copy.pnl_rate)}
        </bdi>
      </div>
      <dl className="copy-figures compact">
        {moneyFigures(copy, t).map(([id, label, value]) => (
          <div key={id} data-testid={`copy-${id}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {running ? <CopyPositions positions={copy.positions} /> : <StoppedLine copy={copy} />}
      <SkippedTrades copy={copy} />
      {running ? <CopyActions copy={copy} onFunds={() => onFunds(copy)} /> : null}
    </article>
  );
}
