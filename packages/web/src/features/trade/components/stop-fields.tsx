import { useTranslation } from 'react-i18next';
import type { Stop } from '../lib/order-draft.ts';
import { StopField } from './stop-field.tsx';

/**
 * Stop loss, then take profit, of the order form or of an open order. Switching one on starts
 * it at `startPrice`, the current price, ready to be nudged; typing into it keeps it on.
 */
export function StopFields(props: {
  testIdPrefix: 'order' | 'detail';
  startPrice: string;
  stopLoss: Stop;
  takeProfit: Stop;
  onStopLoss(stop: Stop): void;
  onTakeProfit(stop: Stop): void;
}) {
  const { t } = useTranslation();
  const toggle =
    (set: (stop: Stop) => void) =>
    (on: boolean): void =>
      set({ on, price: on ? props.startPrice : '' });
  return (
    <>
      <StopField
        label={t('trade.stop_loss')}
        priceLabel={t('trade.stop_loss_price')}
        on={props.stopLoss.on}
        value={props.stopLoss.price}
        testId={`${props.testIdPrefix}-sl`}
        onToggle={toggle(props.onStopLoss)}
        onChange={(price) => props.onStopLoss({ on: true, price })}
      />
      <StopField
        label={t('trade.take_profit')}
        priceLabel={t('trade.take_profit_price')}
        on={props.takeProfit.on}
        value={props.takeProfit.price}
        testId={`${props.testIdPrefix}-tp`}
        onToggle={toggle(props.onTakeProfit)}
        onChange={(price) => props.onTakeProfit({ on: true, price })}
      />
    </>
  );
}
