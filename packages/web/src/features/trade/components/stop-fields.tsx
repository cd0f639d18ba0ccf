import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '../lib/order-draft.ts';
import type { StopKind } from '../lib/stop-levels.ts';
import type { StopProblem } from '../lib/stop-problems.ts';
import { StopField } from './stop-field.tsx';

/**
 * Stop loss, then take profit, of the order form or of an open order. Switching one on starts
 * it at `startPrice(kind)`, on its own side of the price, ready to be nudged; typing into it
 * keeps it on. `notes` go under each price (what the order makes or loses there), `problems`
 * instead of them.
 */
export function StopFields(props: {
  testIdPrefix: 'order' | 'detail' | 'edit';
  startPrice(kind: StopKind): string;
  stopLoss: Stop;
  takeProfit: Stop;
  notes?: { stopLoss?: ReactNode; takeProfit?: ReactNode };
  /** A level on the wrong side of the price, said in place of its note. */
  problems?: { stopLoss?: StopProblem | null; takeProfit?: StopProblem | null };
  onStopLoss(stop: Stop): void;
  onTakeProfit(stop: Stop): void;
}) {
  const { t } = useTranslation();
  const toggle =
    (kind: StopKind, set: (stop: Stop) => void) =>
    (on: boolean): void =>
      set({ on, price: on ? props.startPrice(kind) : '' });
  const say = (problem: StopProblem | null | undefined) =>
    problem ? t(problem.key, problem.values) : null;
  return (
    <>
      <StopField
        label={t('trade.stop_loss')}
        priceLabel={t('trade.stop_loss_price')}
        on={props.stopLoss.on}
        value={props.stopLoss.price}
        testId={`${props.testIdPrefix}-sl`}
        onToggle={toggle('stopLoss', props.onStopLoss)}
        note={props.notes?.stopLoss}
        error={say(props.problems?.stopLoss)}
        onChange={(price) => props.onStopLoss({ on: true, price })}
      />
      <StopField
        label={t('trade.take_profit')}
        priceLabel={t('trade.take_profit_price')}
        on={props.takeProfit.on}
        value={props.takeProfit.price}
        testId={`${props.testIdPrefix}-tp`}
        onToggle={toggle('takeProfit', props.onTakeProfit)}
        note={props.notes?.takeProfit}
        error={say(props.problems?.takeProfit)}
        onChange={(price) => props.onTakeProfit({ on: true, price })}
      />
    </>
  );
}
