import type { LeaderProfile } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { formatShare } from '../lib/copy-figures.ts';
import { SideTag } from './side-tag.tsx';

/**
 * The leader's open positions: what a copy opened now with "copy open positions" would take.
 * Sizes only as shares of the leader's equity, never lots or money, which would tell the
 * leader's balance.
 */
export function LeaderPositions({ positions }: { positions: LeaderProfile['positions'] }) {
  const { t } = useTranslation();
  return (
    <section className="copy-section">
      <div className="copy-section-head">
        <h2>{t('copy.positions_title')}</h2>
      </div>
      {positions.length === 0 ? (
        <p className="empty-note">{t('copy.positions_empty')}</p>
      ) : (
        <table className="copy-table" data-testid="leader-positions">
          <thead>
            <tr>
              <th>{t('copy.instrument')}</th>
              <th>{t('order.side')}</th>
              <th>{t('order.open_price')}</th>
              <th>{t('copy.size_of_equity')}</th>
            </tr>
          </thead>
          <tbody>
            {positions.map((position) => (
              <tr
                key={`${position.code}-${position.side}-${position.opened_at}-${position.open_price}`}
              >
                <td>
                  <bdi>{position.code}</bdi>
                </td>
                <td>
                  <SideTag side={position.side} />
                </td>
                <td>
                  <bdi>{formatPrice(position.open_price, position.price_precision)}</bdi>
                </td>
                <td>
                  <bdi>{formatShare(position.size_rate)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
