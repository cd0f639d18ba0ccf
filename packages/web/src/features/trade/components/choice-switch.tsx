import { Selector } from 'antd-mobile';
import type { ReactNode } from 'react';

/**
 * Two or more mutually exclusive choices (buy or sell, market or pending). Tapping the chosen
 * one again keeps it: one is always chosen.
 */
export function ChoiceSwitch<T extends string>(props: {
  className: string;
  value: T;
  options: readonly { label: ReactNode; value: T }[];
  onChange(value: T): void;
}) {
  return (
    <Selector
      className={props.className}
      columns={props.options.length}
      value={[props.value]}
      onChange={(v) => v[0] && props.onChange(v[0])}
      options={[...props.options]}
    />
  );
}
