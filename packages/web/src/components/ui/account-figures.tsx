import type { ForexDetail } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../lib/format.ts';
import './account-figures.css';

/**
 * The margin level counts as near stop-out below twice the stop-out level: with MT5's usual
 * 50 % stop-out that is 100 %, the level where brokers send a margin call — equity no longer
 * covers the margin, and half of it gone again closes positions.
 */
const NEAR_STOP_OUT_FACTOR = 2;

/** Whether the account has open positions and a margin level close to its stop-out level. */
export function isNearStopOut(detail: ForexDetail): boolean {
  return (
    detail.current_margin > 0 &&
    detail.prepayment_ratio < detail.stop_out_level * NEAR_STOP_OUT_FACTOR
  );
}

const HIDDEN = '******';

/**
 * The account's figures as MT5 names them (DECISIONS.md, forexDetail's fields): the available
 * balance, equity, used margin, free margin, margin level and the stop-out level. The wire's
 * `balance` is what opened margin and pending reserves left: Binance's "available balance",
 * as the withdrawal page names it too (issue 37: "balance after margin" was no trader's word).
 * Numbers sit in left-to-right spans: in Arabic "-12.50" and "9,224.33%" keep their sign and
 * percent where they belong. `withBalance`: false where the page already headlines it.
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
  const near = detail !== undefined && isNearStopOut(detail);
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
      warn: near && !hidden,
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
          <div
            key={row.key}
            className={row.warn ? 'account-figure near-stop-out' : 'account-figure'}
          >
            <dt>{row.label}</dt>
            <dd dir="ltr" data-testid={`${idPrefix}-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {near && !hidden ? (
        <p
          className="account-figures-warning"
          role="status"
          data-testid={`${idPrefix}-near-stop-out`}
        >
          {t('account.near_stop_out')}
        </p>
      ) : null}
    </div>
  );
}
