import { type Instrument, ORDER_STATUSES, ORDER_TYPES } from '@tradedesk/contract';
import { Button, Dialog, Input, Picker, Selector, Stepper, Toast } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginPathFrom, PATHS } from '../../../app/route-paths.ts';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { formatMoney, formatPrice } from '../../../lib/format.ts';
import { selectIsLoggedIn, useSessionStore } from '../../../stores/session-store.ts';
import { submitOrder, useForexDetail, useRefreshAccount } from '../api/orders-api.ts';
import { previewOrder } from '../lib/order-preview.ts';
import { StopField } from './stop-field.tsx';

type Side = 'buy' | 'sell';
type Mode = 'market' | 'pending';

/** Decimal places of a lot step: 0.01 → 2. */
function stepDigits(step: number): number {
  const text = String(step);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

/**
 * The order form of /trade (SPEC.md §2, §4, §5): side, market or pending, leverage, lots on
 * the lot step, optional stop loss and take profit, and what it will cost before it is sent.
 */
export function OrderForm({
  instrument,
  instruments,
}: {
  instrument: Instrument;
  instruments: readonly Instrument[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const { data: basicInfo } = useBasicInfo();
  const { data: detail } = useForexDetail(loggedIn);
  const refreshAccount = useRefreshAccount();
  const precision = instrument.PricePrecision;
  const digits = stepDigits(instrument.Pip);
  const options = instrument.HasForexMultiple.map((m) => m.Value);
  const fixedMargin = instrument.MarginMode === 1;

  const [side, setSide] = useState<Side>('buy');
  const [mode, setMode] = useState<Mode>('market');
  const [target, setTarget] = useState('');
  const [lots, setLots] = useState('');
  const [leverage, setLeverage] = useState(0);
  const [pickingLeverage, setPickingLeverage] = useState(false);
  const [stopLoss, setStopLoss] = useState({ on: false, price: '' });
  const [takeProfit, setTakeProfit] = useState({ on: false, price: '' });
  const [sending, setSending] = useState(false);
  // One key per attempt: a retry of the same order after a lost answer cannot place two.
  const attempt = useRef<{ key: string; params: string } | null>(null);

  // Another instrument: start from its minimum, its first leverage, no prices.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the instrument changes.
  useEffect(() => {
    setLots(instrument.ForexMinCont.toFixed(digits));
    setLeverage(instrument.HasForexMultiple[0]?.Value ?? 0);
    setTarget('');
    setStopLoss({ on: false, price: '' });
    setTakeProfit({ on: false, price: '' });
  }, [instrument.Id]);

  const closed = instrument.MarketStatus !== 1;
  const marketPrice = side === 'buy' ? instrument.Ask : instrument.Bid;
  const openPrice = mode === 'pending' && Number(target) > 0 ? Number(target) : marketPrice;
  const preview = useMemo(
    () =>
      previewOrder({
        instrument,
        instruments,
        lots,
        leverage: fixedMargin ? 0 : leverage,
        price: openPrice,
        feeType: basicInfo?.trade_fee_type ?? 2,
      }),
    [instrument, instruments, lots, leverage, fixedMargin, openPrice, basicInfo],
  );

  /** A stop's input starts at the current price, ready to be nudged. */
  const toggleStop =
    (set: typeof setStopLoss) =>
    (on: boolean): void =>
      set({ on, price: on ? formatPrice(marketPrice, precision) : '' });

  async function send(): Promise<void> {
    if (!loggedIn) {
      navigate(loginPathFrom(PATHS.trade));
      return;
    }
    if (!fixedMargin && options.length === 0) {
      Toast.show({ content: t('trade.no_mult_config') });
      return;
    }
    if (lots === '' || Number(lots) < instrument.Pip) {
      Toast.show({ content: t('trade.lots_min', { min: instrument.Pip }) });
      return;
    }
    if (mode === 'pending' && !(Number(target) > 0)) {
      Toast.show({ content: t('trade.price_required') });
      return;
    }
    if ((stopLoss.on && !stopLoss.price) || (takeProfit.on && !takeProfit.price)) {
      Toast.show({ content: t('public.input_full') });
      return;
    }
    const params = {
      type: side === 'buy' ? ORDER_TYPES.buy : ORDER_TYPES.sell,
      cont: lots,
      forex_id: instrument.Id,
      status: mode === 'market' ? ORDER_STATUSES.holding : ORDER_STATUSES.pending,
      target_price: mode === 'pending' ? target : '0',
      stop_loss_price: stopLoss.on ? stopLoss.price : '0',
      target_profit_price: takeProfit.on ? takeProfit.price : '0',
      multiple: fixedMargin ? 0 : leverage,
    } as const;
    const fingerprint = JSON.stringify(params);
    if (attempt.current?.params !== fingerprint)
      attempt.current = { key: crypto.randomUUID(), params: fingerprint };
    setSending(true);
    try {
      const order = await submitOrder(params, attempt.current.key);
      attempt.current = null;
      void refreshAccount();
      const placed = Dialog.show({
        title: t('trade.success_title'),
        content: (
          <p data-testid="order-success">
            {t(mode === 'market' ? 'trade.success_market' : 'trade.success_pending', {
              side: t(side === 'buy' ? 'trade.buy' : 'trade.sell'),
              lots: order.Quantity,
              code: order.ForexTradeLists.ShowCode,
              price: formatPrice(order.OriginPrice, precision),
            })}
          </p>
        ),
        closeOnAction: true,
        actions: [
          [
            { key: 'stay', text: t('trade.continue') },
            {
              key: 'orders',
              text: t('trade.view_orders'),
              bold: true,
              onClick: () => {
                placed.close();
                navigate(PATHS.order, {
                  state: { tab: mode === 'market' ? 'holding' : 'pending' },
                });
              },
            },
          ],
        ],
      });
    } catch {
      // The client has toasted the refusal; the form keeps what was entered.
    } finally {
      setSending(false);
    }
  }

  const buying = side === 'buy';
  return (
    <section className="order-form" data-testid="order-form">
      <Selector
        className="order-side"
        columns={2}
        value={[side]}
        onChange={(v) => v[0] && setSide(v[0])}
        options={[
          { label: t('trade.buy'), value: 'buy' as Side },
          { label: t('trade.sell'), value: 'sell' as Side },
        ]}
      />
      <Selector
        className="order-mode"
        columns={2}
        value={[mode]}
        onChange={(v) => v[0] && setMode(v[0])}
        options={[
          { label: t('trade.market_order'), value: 'market' as Mode },
          { label: t('trade.pending_order'), value: 'pending' as Mode },
        ]}
      />
      <dl className="order-fields">
        {mode === 'pending' ? (
          <>
            <dt>{t('trade.target_price')}</dt>
            <dd>
              <Input
                className="order-input"
                inputMode="decimal"
                placeholder={formatPrice(marketPrice, precision)}
                value={target}
                onChange={setTarget}
                data-testid="order-target"
              />
            </dd>
          </>
        ) : null}
        <dt>{t('market.leverage')}</dt>
        <dd>
          {fixedMargin ? (
            <span>{t('market.fixed_margin')}</span>
          ) : (
            <button
              type="button"
              className="order-leverage"
              onClick={() =>
                options.length > 0
                  ? setPickingLeverage(true)
                  : Toast.show({ content: t('trade.no_mult') })
              }
              data-testid="order-leverage"
            >
              {options.length === 0 ? t('trade.no_mult') : `1:${leverage}`}
            </button>
          )}
        </dd>
        <dt>{t('trade.lots')}</dt>
        <dd>
          <Stepper
            stringMode
            step={String(instrument.Pip)}
            min={String(Math.max(instrument.Pip, instrument.ForexMinCont))}
            max={String(instrument.ForexMaxCont)}
            digits={digits}
            value={lots}
            onChange={(v) => setLots(v ?? '')}
            data-testid="order-lots"
          />
        </dd>
      </dl>
      <StopField
        label={t('trade.stop_loss')}
        on={stopLoss.on}
        value={stopLoss.price}
        testId="order-sl"
        onToggle={toggleStop(setStopLoss)}
        onChange={(price) => setStopLoss({ on: true, price })}
      />
      <StopField
        label={t('trade.take_profit')}
        on={takeProfit.on}
        value={takeProfit.price}
        testId="order-tp"
        onToggle={toggleStop(setTakeProfit)}
        onChange={(price) => setTakeProfit({ on: true, price })}
      />
      <dl className="order-preview" data-testid="order-preview">
        <dt>{t('trade.margin')}</dt>
        <dd data-testid="order-margin">{preview ? formatMoney(preview.margin) : '—'}</dd>
        <dt>{t('trade.fee')}</dt>
        <dd data-testid="order-fee">{preview ? preview.fee.toFixed(6) : '—'}</dd>
        <dt>{t('trade.available')}</dt>
        <dd data-testid="order-available">
          {loggedIn && detail ? formatMoney(detail.available_assets) : '—'}
        </dd>
      </dl>
      <Button
        block
        className={buying ? 'order-submit buy' : 'order-submit sell'}
        disabled={closed}
        loading={sending}
        onClick={send}
        data-testid="order-submit"
      >
        {closed
          ? t('market.closed')
          : `${t(buying ? 'trade.buy' : 'trade.sell')} ${
              mode === 'market' ? formatPrice(marketPrice, precision) : ''
            }`.trim()}
      </Button>
      <Picker
        visible={pickingLeverage}
        columns={[options.map((value) => ({ label: `1:${value}`, value: String(value) }))]}
        value={[String(leverage)]}
        onClose={() => setPickingLeverage(false)}
        onConfirm={(v) => v[0] && setLeverage(Number(v[0]))}
        confirmText={t('public.confirm')}
        cancelText={t('public.cancel')}
      />
    </section>
  );
}
