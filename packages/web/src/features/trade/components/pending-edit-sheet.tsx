import type { Order } from '@tradedesk/contract';
import { formatDecimal } from '@tradedesk/engine';
import { Button, Popup } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../../lib/bidi.ts';
import { formatCents } from '../../../lib/format.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { type PendingEditState, usePendingEdit } from '../hooks/use-pending-edit.ts';
import { orderTypeKey } from '../lib/order-type.ts';
import { parseLevel, startLevel } from '../lib/stop-levels.ts';
import { ExpiryField } from './expiry-field.tsx';
import { PriceStepper } from './price-stepper.tsx';
import { StopFields } from './stop-fields.tsx';
import '../order-management.css';

/** The order's price, a point a tap, with the price it fills on now beside it. */
function PriceFields({ order, state }: { order: Order; state: PendingEditState }) {
  const { t } = useTranslation();
  const priceId = useId();
  const precision = order.ForexTradeLists.PricePrecision;
  const problem = state.problems.price;
  return (
    <dl className="order-fields">
      <dt>
        <label htmlFor={priceId}>{t('trade.target_price')}</label>
      </dt>
      <dd>
        <PriceStepper
          id={priceId}
          value={state.edit.price}
          fallback={order.OriginPrice}
          precision={precision}
          testId="edit-price"
          onChange={(price) => state.update({ price })}
        />
      </dd>
      {problem ? (
        <dd className="order-field-error">
          <span role="alert" data-testid="edit-price-error">
            {problem.key === 'order.type_would_change'
              ? t(problem.key, { type: t(problem.typeKey) })
              : t(problem.key)}
          </span>
        </dd>
      ) : null}
      <dt>{t('order.current_price')}</dt>
      <dd data-testid="edit-fills-on">{isolateLtr(formatDecimal(state.fillsOn, precision))}</dd>
    </dl>
  );
}

function EditForm({ order, onDone }: { order: Order; onDone(): void }) {
  const { t } = useTranslation();
  const state = usePendingEdit(order);
  const { edit, problems } = state;
  const precision = order.ForexTradeLists.PricePrecision;
  const side = order.OrderType === 1 ? 'buy' : 'sell';
  // Ticked stops start on their side of the order's (new) price.
  const reference = parseLevel(edit.price, precision) ?? state.fillsOn;
  return (
    <form
      className="order-sheet-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (await state.save()) onDone();
      }}
      data-testid="edit-sheet"
      data-id={order.Id}
    >
      <h2>
        {t('order.edit_title')}{' '}
        <small>
          <bdi>{order.ForexTradeLists.ShowCode}</bdi> {t(orderTypeKey(order))}{' '}
          <bdi>{order.Quantity}</bdi> #{order.Id}
        </small>
      </h2>
      <PriceFields order={order} state={state} />
      <StopFields
        testIdPrefix="edit"
        startPrice={(kind) => startLevel(kind, side, reference, precision)}
        stopLoss={edit.stopLoss}
        takeProfit={edit.takeProfit}
        problems={{ stopLoss: problems.stopLoss, takeProfit: problems.takeProfit }}
        onStopLoss={(stopLoss) => state.update({ stopLoss })}
        onTakeProfit={(takeProfit) => state.update({ takeProfit })}
      />
      <ExpiryField
        testIdPrefix="edit"
        value={edit.expiry}
        problem={problems.expiry}
        onChange={(expiry) => state.update({ expiry })}
      />
      <dl className="order-preview" data-testid="edit-reserve">
        <dt>{t('order.reserve_now')}</dt>
        <dd data-testid="edit-reserve-now">{formatCents(state.reserveNow)}</dd>
        <dt>{t('order.reserve_new')}</dt>
        <dd data-testid="edit-reserve-new">
          {state.reserveNew === null ? '—' : formatCents(state.reserveNew)}
        </dd>
      </dl>
      <Button block color="primary" type="submit" loading={state.saving} data-testid="edit-save">
        {t('order.save_changes')}
      </Button>
    </form>
  );
}

/**
 * Moving a pending order (issue 40): a sheet over its detail with its price, stops and
 * expiry, and the reserve it would hold; saved by modify_pending, the lists then reload.
 */
export function PendingEditSheet(props: { order: Order; open: boolean; onClose(): void }) {
  useBackCloses(props.open, props.onClose);
  return (
    <Popup
      visible={props.open}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyClassName="order-detail order-sheet"
      showCloseButton
      destroyOnClose
    >
      {props.open ? <EditForm order={props.order} onDone={props.onClose} /> : null}
    </Popup>
  );
}
