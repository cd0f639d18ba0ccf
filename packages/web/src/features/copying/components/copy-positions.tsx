import type { Copy } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatSignedMoney, trendOf } from '../../../lib/format.ts';
import { SideTag } from './side-tag.tsx';

/** A copy's open positions: the leader's, scaled to the copy, with their live P&L. */
export function CopyPositions({ positions }: { positions: Copy['positions'] }) {
  const { t } = useTranslation();
  if (positions.length === 0)
    return <p className="copy-empty-line">{t('copy.no_open_positions')}</p>;
  return (
    <table className="copy-table copy-positions" data-testid="copy-positions">
      <thead>
        <tr>
          <th>{t('copy.instrument')}</th>
          <th>{t('trade.lots')}</th>
          <th>{t('copy.open_to_now')}</th>
          <th>{t('order.profit')}</th>
        </tr>
      </thead>
      <tbody>
        {positions.map((position) => (
          <tr key={position.id} data-testid="copy-position">
            <td>
              <bdi>{position.code}</bdi> <SideTag side={position.side} />
            </td>
            <td>
              <bdi>{position.lots}</bdi>
            </td>
            <td>
              <bdi>{formatPrice(position.open_price, position.price_precision)}</bdi>
              <br />
              <bdi>{formatPrice(position.price, position.price_precision)}</bdi>
            </td>
            <td className={trendOf(position.pnl)}>
              <bdi>{formatSignedMoney(position.pnl)}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
