import type { ForexDetail } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../lib/format.ts';
import {
  type MarginCall,
  marginCallDetail,
  marginCallOf,
  stopOutText,
} from '../../lib/margin-call.ts';
import './account-figures.css';

const HIDDEN = '******';

/**
 * The margin call state in red under the figures (issue 40): equity no longer covers the margin
 * at the server's margin call level, and where stop-out would come ("Stop-out if EURUSD
 * reaches 1.07012"), as MT5 and cTrader warn before they close positions.
 */
function MarginCallNote({ call, idPrefix }: { call: MarginCall; idPrefix: string }) {
  const { t } = useTranslation();
  const stopOut = stopOutText(t, call.stopOutAt);
  return (
    <div className="account-margin-call" role="status" data-testid={`${idPrefix}-margin-call`}>
      <strong>{t('account.margin_call')}</strong>
      <span>{marginCallDetail(t, call)}</span>
      {stopOut ? <span data-testid={`${idPrefix}-stop-out-at`}>{stopOut}</span> : null}
    </div>
  );
}

/**
 * The account's figures as MT5 names them (DECISIONS.md, forexDetail's fields): the available
 * balance, equity, used margin, free margin, margin level and the stop-out level. The wire's
 * `balance` is what opened margin and pending reserves left: Binance's "available balance",
 * as the withdrawal page names it too (issue 37: "balance after margin" was no trader's word).
 * Numbers sit in left-to-right spans: in Arabic "-12.50" and "9,224.33%" keep their sign and
 * percent where they belong. `withBalance`: false where the page already headlines it. In
 * margin call the margin level is red and the state is said under the figures.
 */
export function AccountFigures({
  detail,
  idPrefix,
  tone,
  hidden = false,
  withBalance = true,
}: {
  detail: ForexDetail | undefined;
  idPrefix: string;
  tone: 'light' | 'dark';
  hidden?: boolean;
  withBalance?: boolean;
}) {
  const { t } = useTranslation();
  const shown = (text: (d: ForexDetail) => string) =>
    hidden ? HIDDEN : detail ? text(detail) : '—';
  const call = detail === undefined || hidden ? null : marginCallOf(detail);
  const rows: { key: string; label: string; value: string; warn?: boolean }[] = [
    ...(withBalance
      ? [
          {
            key: 'balance',
            label: t('account.balance_after_margin'),
            value: shown((d) => formatMoney(d.balance)),
          },
        ]
      : []),
    { key: 'equity', label: t('account.equity'), value: shown((d) => formatMoney(d.net_value)) },
    {
      key: 'margin',
      label: t('account.margin'),
      value: shown((d) => formatMoney(d.current_margin)),
    },
    {
      key: 'free-margin',
      label: t('account.free_margin'),
      value: shown((d) => formatMoney(d.available_prepayment)),
    },
    {
      key: 'margin-level',
      label: t('account.margin_level'),
      // No open positions: no margin level (the wire's 0 would read as "at stop-out").
      value: shown((d) => (d.current_margin > 0 ? formatPercent(d.prepayment_ratio) : '—')),
      warn: call !== null,
    },
    {
      key: 'stop-out',
      label: t('account.stop_out_level'),
      value: detail ? formatPercent(detail.stop_out_level) : '—',
    },
  ];
  return (
    <div className={`account-figures-${tone}`} data-testid={`${idPrefix}-figures`}>
      <dl className="account-figures">
        {rows.map((row) => (
          <div key={row.key} className={row.warn ? 'account-figure margin-call' : 'account-figure'}>
            <dt>{row.label}</dt>
            <dd dir="ltr" data-testid={`${idPrefix}-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {call ? <MarginCallNote call={call} idPrefix={idPrefix} /> : null}
    </div>
  );
}
