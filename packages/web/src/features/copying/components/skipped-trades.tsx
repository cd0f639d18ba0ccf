import type { Copy } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { SKIP_REASON_KEYS } from '../lib/copy-labels.ts';
import { SideTag } from './side-tag.tsx';

/**
 * The leader's trades this copy did not take, newest first, each with why (too small for the
 * minimum lot, no free margin, paused …): a follower never wonders where a trade went.
 */
export function SkippedTrades({ copy }: { copy: Copy }) {
  const { t } = useTranslation();
  if (copy.skipped.length === 0) return null;
  return (
    <details className="copy-skipped" data-testid="copy-skipped">
      <summary>{t('copy.skipped_title', { n: copy.skipped_count })}</summary>
      <ul>
        {copy.skipped.map((skip) => (
          <li key={`${skip.at}-${skip.code}-${skip.side}-${skip.leader_lots}`}>
            <div>
              <bdi>{skip.code}</bdi> <SideTag side={skip.side} />{' '}
              <span className="copy-muted">
                {t('copy.leader_lots')} <bdi>{skip.leader_lots}</bdi>
              </span>
            </div>
            <div className="copy-skip-reason" data-testid="skip-reason">
              {t(SKIP_REASON_KEYS[skip.reason])}
            </div>
            <time className="copy-muted">{formatLocalDateTime(skip.at)}</time>
          </li>
        ))}
      </ul>
    </details>
  );
}
