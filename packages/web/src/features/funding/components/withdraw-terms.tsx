import type { DrawCurrency } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatScaled, formatWireAmount, wireToScaled } from '../lib/decimal-text.ts';
import type { WithdrawEstimate } from '../lib/estimates.ts';

const USD_DECIMALS = 6;
const CURRENCY_DECIMALS = 8;
const RATE_DECIMALS = 12;

/** "0.1" for a draw_rate of 0.001: the rate as an exact percentage. */
function ratePercent(rate: number): string {
  return formatScaled(wireToScaled(rate, RATE_DECIMALS) * 100n, RATE_DECIMALS, 0);
}

/** The fee, what arrives, and the currency's terms (fee rule, rate, limits), live as the amount changes. */
export function WithdrawTerms({
  currency,
  estimate,
}: {
  currency: DrawCurrency;
  estimate: WithdrawEstimate | null;
}) {
  const { t } = useTranslation();
  const feeRule =
    currency.fee_type === 1
      ? t('withdraw.fee_fixed', { fee: formatWireAmount(currency.draw_rate, USD_DECIMALS) })
      : t('withdraw.fee_rate', { rate: ratePercent(currency.draw_rate) });
  const limits = [
    currency.min > 0
      ? t('withdraw.min', { amount: formatWireAmount(currency.min, USD_DECIMALS) })
      : null,
    currency.max > 0
      ? t('withdraw.max', { amount: formatWireAmount(currency.max, USD_DECIMALS) })
      : null,
  ].filter(Boolean);
  return (
    <section className="withdraw-terms">
      <dl className="withdraw-estimate">
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd dir="ltr">
            <span data-testid="withdraw-fee">{estimate?.fee ?? '—'}</span> USD
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.receive')}</dt>
          <dd dir="ltr" className="withdraw-receive">
            <span data-testid="withdraw-receive">{estimate?.receive ?? '—'}</span> {currency.code}
          </dd>
        </div>
      </dl>
      {estimate?.feeTakesAll ? (
        <p className="withdraw-warning" data-testid="withdraw-fee-takes-all">
          {t('withdraw.fee_takes_all')}
        </p>
      ) : null}
      <ul className="withdraw-rules">
        <li>{feeRule}</li>
        <li>
          <span dir="ltr">
            1 USD = {formatWireAmount(currency.usd_price, CURRENCY_DECIMALS)} {currency.code}
          </span>
        </li>
        {limits.length > 0 ? <li>{limits.join(' · ')}</li> : null}
      </ul>
    </section>
  );
}
