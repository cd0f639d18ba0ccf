import { COPY_STATUS } from '@tradedesk/contract';
import { ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/route-paths.ts';
import { useMyCopies } from '../api/my-copies-api.ts';
import '../copying.css';
import { CopyCard } from './copy-card.tsx';
import { FundsSheet } from './funds-sheet.tsx';

/**
 * The follower's copies, running first, live while on screen (polled: see useMyCopies).
 * Shared by /copies and the orders page's copies tab, which the app puts together.
 */
export function CopiesList() {
  const { t } = useTranslation();
  const { data, isFetched, isError } = useMyCopies();
  const copies = data?.data ?? [];
  // By id, so the sheet follows the copy's live figures while it is open.
  const [fundsId, setFundsId] = useState<number | null>(null);
  const fundsCopy =
    copies.find((c) => c.id === fundsId && c.status !== COPY_STATUS.stopped) ?? null;
  return (
    <div className="copies-list" data-testid="copies-list">
      {copies.map((copy) => (
        <CopyCard key={copy.id} copy={copy} onFunds={(c) => setFundsId(c.id)} />
      ))}
      {/* A failed request has toasted its error: it does not mean there are no copies. */}
      {isFetched && !isError && copies.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={t('copy.none_title')}
          description={<Link to={PATHS.rank}>{t('copy.none_link')}</Link>}
          data-testid="copies-empty"
        />
      ) : null}
      <FundsSheet copy={fundsCopy} onClose={() => setFundsId(null)} />
    </div>
  );
}
