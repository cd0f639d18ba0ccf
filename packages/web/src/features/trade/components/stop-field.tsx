import { Checkbox, Input } from 'antd-mobile';
import { type ReactNode, useId } from 'react';

/**
 * A stop price input switched on by its checkbox; off sends 0 (SPEC.md §4). The checkbox's
 * text says what the price is to the eye; `priceLabel` says it to a screen reader. `note`
 * shows under the price while it is on; `error` (a level on the wrong side) takes its place,
 * as soon as it is typed.
 */
export function StopField(props: {
  label: string;
  priceLabel: string;
  on: boolean;
  value: string;
  testId: string;
  note?: ReactNode;
  error?: string | null;
  onToggle(on: boolean): void;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="order-stop">
      <Checkbox checked={props.on} onChange={props.onToggle} data-testid={`${props.testId}-on`}>
        {props.label}
      </Checkbox>
      {props.on ? (
        <>
          <label htmlFor={id} className="visually-hidden">
            {props.priceLabel}
          </label>
          <Input
            id={id}
            className="order-input"
            inputMode="decimal"
            value={props.value}
            onChange={props.onChange}
            data-testid={props.testId}
          />
          {props.error ? (
            <div className="order-stop-error" role="alert" data-testid={`${props.testId}-error`}>
              {props.error}
            </div>
          ) : props.note ? (
            <div className="order-stop-note">{props.note}</div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
