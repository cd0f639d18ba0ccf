import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localZoneLabel } from '../../../lib/local-time.ts';
import { defaultExpiryField, type Expiry, type ExpiryChoice } from '../lib/expiry.ts';
import { ChoiceSwitch } from './choice-switch.tsx';
import '../order-management.css';

/**
 * When a pending order expires, as MT5's order window offers it: good till cancelled, today
 * (the end of the instrument's trading day) or a date and time, picked with the phone's own
 * picker, in the phone's zone (labelled). What is wrong with it is said under it.
 */
export function ExpiryField(props: {
  testIdPrefix: 'order' | 'edit' | 'alert';
  value: Expiry;
  /** An i18n key: the moment missing or past. */
  problem: string | null;
  onChange(value: Expiry): void;
}) {
  const { t } = useTranslation();
  const timeId = useId();
  const { value, onChange } = props;
  const testId = `${props.testIdPrefix}-expiry`;
  const choose = (choice: ExpiryChoice) =>
    onChange({
      choice,
      at: choice === 'at' && value.at === '' ? defaultExpiryField(Date.now()) : value.at,
    });
  return (
    <div className="expiry-field" data-testid={testId}>
      <span className="expiry-label">{t('order.expiry')}</span>
      <ChoiceSwitch<ExpiryChoice>
        className="expiry-choice"
        value={value.choice}
        onChange={choose}
        options={[
          { label: t('order.expiry_gtc'), value: 'gtc' },
          { label: t('order.expiry_today'), value: 'today' },
          { label: t('order.expiry_date'), value: 'at' },
        ]}
      />
      {value.choice === 'at' ? (
        <div className="expiry-time">
          <label htmlFor={timeId}>
            {t('order.expiry_at')} <bdi>{localZoneLabel()}</bdi>
          </label>
          <input
            id={timeId}
            type="datetime-local"
            className="expiry-input"
            value={value.at}
            onChange={(event) => onChange({ choice: 'at', at: event.target.value })}
            data-testid={`${testId}-at`}
          />
        </div>
      ) : null}
      {props.problem ? (
        <div className="order-stop-error" role="alert" data-testid={`${testId}-error`}>
          {t(props.problem)}
        </div>
      ) : null}
    </div>
  );
}
