import type { LeaderProfile } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatShare } from '../lib/copy-figures.ts';

/** What the leader trades, most traded first: closed positions per instrument and their share. */
export function InstrumentsTraded({ instruments }: { instruments: LeaderProfile['instruments'] }) {
  const { t } = useTranslation();
  return (
    <section className="copy-section">
      <div className="copy-section-head">
        <h2>{t('copy.instruments_title')}</h2>
      </div>
      {instruments.length === 0 ? (
        <p className="empty-note">{t('copy.instruments_empty')}</p>
      ) : (
        <table className="copy-table" data-testid="instruments">
          <thead>
            <tr>
              <th>{t('copy.instrument')}</th>
              <th>{t('copy.trades')}</th>
              <th>{t('copy.share')}</th>
            </tr>
          </thead>
          <tbody>
            {instruments.map((row) => (
              <tr key={row.code}>
                <td>
                  <bdi>{row.code}</bdi>
                </td>
                <td>{row.trades}</td>
                <td>
                  <span className="share-bar" style={{ inlineSize: `${row.share}%` }} />
                  <bdi>{formatShare(row.share)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
