import { Checkbox, Input } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLotsDraft } from '../lib/lot-steps.ts';
import { type TrailingDraft, type TrailingProblem, trailingPoints } from '../lib/trailing.ts';
import '../order-management.css';

/**
 * A trailing stop switched on by its checkbox (issue 40, as MT5's and cTrader's): the distance
 * behind the closing price, in price units with its points beside it ("0.00100 · 100 points"),
 * and, optionally, the price from which it starts to follow (empty: at once). What is wrong
 * with it is said under it, as the server would refuse it.
 */
export function TrailingField(props: {
  testIdPrefix: 'order' | 'detail';
  value: TrailingDraft;
  precision: number;
  problem?: TrailingProblem | null;
  /** The draft a tick switches on (its distance ready to be nudged). */
  start(): TrailingDraft;
  onChange(value: TrailingDraft): void;
}) {
  const { t } = useTranslation();
  const distanceId = useId();
  const activationId = useId();
  const { value, onChange } = props;
  const testId = `${props.testIdPrefix}-trailing`;
  const points = value.on ? trailingPoints(value.distance, props.precision) : null;
  // Digits and one point only, as every price field takes them.
  const typed = (text: string) => isLotsDraft(text);
  return (
    <div className="order-stop trailing-field" data-testid={`${testId}-field`}>
      <Checkbox
        checked={value.on}
        onChange={(on) =>
          onChange(on ? props.start() : { on: false, distance: '', activation: '' })
        }
        data-testid={`${testId}-on`}
      >
        {t('trade.trailing_stop')}
      </Checkbox>
      {value.on ? (
        <>
          <label htmlFor={distanceId} className="visually-hidden">
            {t('trade.trailing_distance')}
          </label>
          <Input
            id={distanceId}
            className="order-input"
            inputMode="decimal"
            value={value.distance}
            onChange={(distance) => typed(distance) && onChange({ ...value, distance })}
            data-testid={testId}
          />
          <div className="order-stop-note" data-testid={`${testId}-points`}>
            {points === null ? null : t('trade.trailing_points', { points: String(points) })}
          </div>
          <label htmlFor={activationId} className="trailing-activation-label">
            {t('trade.trailing_activation')}
          </label>
          <Input
            id={activationId}
            className="order-input"
            inputMode="decimal"
            placeholder={t('trade.trailing_at_once')}
            value={value.activation}
            onChange={(activation) => typed(activation) && onChange({ ...value, activation })}
            data-testid={`${testId}-activation`}
          />
          {props.problem ? (
            <div className="order-stop-error" role="alert" data-testid={`${testId}-error`}>
              {t(props.problem.key, props.problem.values)}
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
