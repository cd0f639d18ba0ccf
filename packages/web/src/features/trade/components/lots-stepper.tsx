import type { Instrument } from '@tradedesk/contract';
import { Stepper } from 'antd-mobile';
import { stepDigits } from '../lib/order-draft.ts';

/**
 * Lots on the instrument's lot step, between its minimum and maximum (SPEC.md §4). In string
 * mode the lots stay the decimal that is sent, never a float.
 */
export function LotsStepper(props: {
  instrument: Instrument;
  value: string;
  onChange(lots: string): void;
}) {
  const { Pip, ForexMinCont, ForexMaxCont } = props.instrument;
  return (
    <Stepper
      stringMode
      step={String(Pip)}
      min={String(Math.max(Pip, ForexMinCont))}
      max={String(ForexMaxCont)}
      digits={stepDigits(Pip)}
      value={props.value}
      onChange={(v) => props.onChange(v ?? '')}
      data-testid="order-lots"
    />
  );
}
