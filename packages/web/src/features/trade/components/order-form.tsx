import type { Instrument } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatSignedMoney, trendOf } from '../../../lib/format.ts';
import { useOrderForm } from '../hooks/use-order-form.ts';
import { usePlaceOrder } from '../hooks/use-place-order.ts';
import type { Mode, Side } from '../lib/order-draft.ts';
import { ChoiceSwitch } from './choice-switch.tsx';
import { ExpiryField } from './expiry-field.tsx';
import { OrderCostPreview } from './order-cost-preview.tsx';
import { OrderFields } from './order-fields.tsx';
import { OrderSubmitButton } from './order-submit-button.tsx';
import { StopFields } from './stop-fields.tsx';
import { TrailingField } from './trailing-field.tsx';

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
  const price = (value: number) => formatPrice(value, instrument.PricePrecision);
  /** A side with the price it trades at now: a buy at the ask, a sell at the bid. */
  const sideLabel = (label: string, at: number, testId: string) => (
    <span className="order-side-label">
      <span>{label}</span>
      <span className="order-side-price" data-testid={testId}>
        {price(at)}
      </span>
    </span>
  );
  // The signed figure in its own left-to-right run, so that Arabic keeps its sign in front.
  const pnlNote = (pnl: number | null, testId: string) =>
    pnl === null ? null : (
      <>
        {t('trade.pnl_at_level')}{' '}
        <bdi dir="ltr" className={trendOf(pnl)} data-testid={testId}>
          {formatSignedMoney(pnl)} USD
        </bdi>
      </>
    );
  return (
    <section className="order-form" data-testid="order-form">
      <ChoiceSwitch<Side>
        className="order-side"
        value={form.side}
        onChange={form.setSide}
        options={[
          { label: sideLabel(t('trade.buy'), instrument.Ask, 'order-buy-price'), value: 'buy' },
          { label: sideLabel(t('trade.sell'), instrument.Bid, 'order-sell-price'), value: 'sell' },
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
      {form.mode === 'pending' ? (
        <ExpiryField
          testIdPrefix="order"
          value={form.expiry}
          problem={form.expiryProblem}
          onChange={form.setExpiry}
        />
      ) : null}
      <StopFields
        testIdPrefix="order"
        startPrice={form.startStop}
        stopLoss={form.stopLoss}
        takeProfit={form.takeProfit}
        notes={{
          stopLoss: pnlNote(form.stopLossPnl, 'order-sl-pnl'),
          takeProfit: pnlNote(form.takeProfitPnl, 'order-tp-pnl'),
        }}
        problems={{ stopLoss: form.stopLossProblem, takeProfit: form.takeProfitProblem }}
        onStopLoss={form.setStopLoss}
        onTakeProfit={form.setTakeProfit}
      />
      <TrailingField
        testIdPrefix="order"
        value={form.trailing}
        precision={instrument.PricePrecision}
        problem={form.trailingProblem}
        start={form.startTrail}
        onChange={form.setTrailing}
      />
      <OrderCostPreview preview={form.preview} />
      <OrderSubmitButton
        instrument={instrument}
        side={form.side}
        mode={form.mode}
        target={form.target}
        marketPrice={form.marketPrice}
        sending={sending}
        onSend={send}
      />
    </section>
  );
}
