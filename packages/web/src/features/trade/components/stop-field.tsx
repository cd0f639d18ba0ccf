import { Checkbox, Input } from 'antd-mobile';

/** A stop price input switched on by its checkbox; off sends 0 (SPEC.md §4). */
export function StopField(props: {
  label: string;
  on: boolean;
  value: string;
  testId: string;
  onToggle(on: boolean): void;
  onChange(value: string): void;
}) {
  return (
    <div className="order-stop">
      <Checkbox checked={props.on} onChange={props.onToggle} data-testid={`${props.testId}-on`}>
        {props.label}
      </Checkbox>
      {props.on ? (
        <Input
          className="order-input"
          inputMode="decimal"
          value={props.value}
          onChange={props.onChange}
          data-testid={props.testId}
        />
      ) : null}
    </div>
  );
}
