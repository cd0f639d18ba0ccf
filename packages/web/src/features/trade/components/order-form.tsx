import type { Instrument } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { useOrderForm } from '../hooks/use-order-form.ts';
import { usePlaceOrder } from '../hooks/use-place-order.ts';
import type { Mode, Side } from '../lib/order-draft.ts';
import { ChoiceSwitch } from './choice-switch.tsx';
import { OrderCostPreview } from './order-cost-preview.tsx';
import { OrderFields } from './order-fields.tsx';
import { OrderSubmitButton } from './order-submit-button.tsx';
import { StopFields } from './stop-fields.tsx';

/**
 * The order form of /trade (SPEC.md §2, §4, §5): side, market or pending, leverage, lots on
 * the lot step, optional stop loss and take profit, and what it will cost before it is sent.
 */
export function OrderForm({
  instrument,
  instruments,
}: {
  instrument: Instrument;
  /** Live instruments the margin preview may convert through (at least the pairs it needs). */
  instruments: readonly Instrument[];
}) {
  const { t } = useTranslation();
  const form = useOrderForm(instrument, instruments);
  const { send, sending } = usePlaceOrder(instrument, form);
  return (
    <section className="order-form" data-testid="order-form">
      <ChoiceSwitch<Side>
        className="order-side"
        value={form.side}
        onChange={form.setSide}
        options={[
          { label: t('trade.buy'), value: 'buy' },
          { label: t('trade.sell'), value: 'sell' },
        ]}
      />
      <ChoiceSwitch<Mode>
        className="order-mode"
        value={form.mode}
        onChange={form.setMode}
        options={[
          { label: t('trade.market_order'), value: 'market' },
          { label: t('trade.pending_order'), value: 'pending' },
        ]}
      />
      <OrderFields instrument={instrument} form={form} />
      <StopFields
        testIdPrefix="order"
        startPrice={formatPrice(form.marketPrice, instrument.PricePrecision)}
        stopLoss={form.stopLoss}
        takeProfit={form.takeProfit}
        onStopLoss={form.setStopLoss}
        onTakeProfit={form.setTakeProfit}
      />
      <OrderCostPreview preview={form.preview} />
      <OrderSubmitButton
        instrument={instrument}
        side={form.side}
        mode={form.mode}
        marketPrice={form.marketPrice}
        sending={sending}
        onSend={send}
      />
    </section>
  );
}
