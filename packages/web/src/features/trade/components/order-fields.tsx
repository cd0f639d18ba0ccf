import type { Instrument } from '@tradedesk/contract';
import { Input } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import type { OrderFormState } from '../hooks/use-order-form.ts';
import { LeverageField } from './leverage-field.tsx';
import { LotsStepper } from './lots-stepper.tsx';

/**
 * The target price (pending orders only), the leverage and the lots of the order form, with
 * what is wrong with the lots said under them (SPEC.md §5).
 */
export function OrderFields({
  instrument,
  form,
}: {
  instrument: Instrument;
  form: OrderFormState;
}) {
  const { t } = useTranslation();
  const targetId = useId();
  const lotsId = useId();
  return (
    <dl className="order-fields">
      {form.mode === 'pending' ? (
        <>
          <dt>
            <label htmlFor={targetId}>{t('trade.target_price')}</label>
          </dt>
          <dd>
            <Input
              id={targetId}
              className="order-input"
              inputMode="decimal"
              placeholder={formatPrice(form.marketPrice, instrument.PricePrecision)}
              value={form.target}
              onChange={form.setTarget}
              data-testid="order-target"
            />
          </dd>
        </>
      ) : null}
      <dt>{t('market.leverage')}</dt>
      <dd>
        <LeverageField instrument={instrument} value={form.leverage} onChange={form.setLeverage} />
      </dd>
      <dt>
        <label htmlFor={lotsId}>{t('trade.lots')}</label>
      </dt>
      <dd>
        <LotsStepper
          id={lotsId}
          instrument={instrument}
          value={form.lots}
          onChange={form.setLots}
        />
      </dd>
      {form.lotsProblem ? (
        <dd className="order-field-error">
          <span role="alert" data-testid="order-lots-error">
            {t(form.lotsProblem.key, form.lotsProblem.values)}
          </span>
        </dd>
      ) : null}
    </dl>
  );
}
