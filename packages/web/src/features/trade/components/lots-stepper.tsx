import type { Instrument } from '@tradedesk/contract';
import { Button, Input } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { canStepLots, isLotsDraft, stepLots } from '../lib/lot-steps.ts';

/**
 * Lots on the instrument's lot step, between its minimum and maximum (SPEC.md §4), kept as the
 * decimal string that is sent, never a float. Ours rather than antd-mobile's Stepper, whose
 * field cannot be labelled and whose wrapper carries spin-button attributes it may not have.
 * `id` is the field's, for the label the form shows beside it. What is typed stays as typed:
 * lots off the step or out of bounds are said under the field, never replaced (SPEC.md §5).
 */
export function LotsStepper(props: {
  id: string;
  instrument: Instrument;
  value: string;
  onChange(lots: string): void;
}) {
  const { t } = useTranslation();
  const { instrument, value, onChange } = props;
  return (
    <div className="lots-stepper" data-testid="order-lots">
      <Button
        fill="none"
        aria-label={t('trade.lots_decrease')}
        disabled={!canStepLots(value, instrument, -1)}
        onClick={() => onChange(stepLots(value, instrument, -1))}
      >
        <MinusOutline />
      </Button>
      <Input
        id={props.id}
        inputMode="decimal"
        value={value}
        onChange={(text) => isLotsDraft(text) && onChange(text)}
      />
      <Button
        fill="none"
        aria-label={t('trade.lots_increase')}
        disabled={!canStepLots(value, instrument, 1)}
        onClick={() => onChange(stepLots(value, instrument, 1))}
      >
        <AddOutline />
      </Button>
    </div>
  );
}
