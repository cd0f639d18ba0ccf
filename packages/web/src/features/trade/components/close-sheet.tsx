import type { Order } from '@tradedesk/contract';
import { formatDecimal } from '@tradedesk/engine';
import { Button, Popup } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../../lib/bidi.ts';
import { formatPercent, trendOfCents } from '../../../lib/format.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { type ClosePosition, useClosePosition } from '../hooks/use-close-position.ts';
import { formatLotsOf, marginLevelPercent } from '../lib/close-preview.ts';
import { ExactMoney } from './exact-money.tsx';
import '../order-management.css';

/** Quick choices under the slider, as eToro's and cTrader's close windows offer them. */
const SHARES = [25, 50, 75, 100] as const;

/** The lots slider: whole lot steps from the least part to all, with quick shares under it. */
function LotsSlider({ close, wholeText }: { close: ClosePosition; wholeText: string }) {
  const { t } = useTranslation();
  const sliderId = useId();
  const { range, steps, lots } = close;
  if (!range || steps === null || lots === null) return null;
  const lotsText = formatLotsOf(lots, range.spec);
  return (
    <div className="close-lots">
      <div className="close-lots-head">
        <label htmlFor={sliderId}>{t('order.close_lots')}</label>
        <output htmlFor={sliderId} data-testid="close-lots">
          {t('order.close_of', { part: isolateLtr(lotsText), whole: isolateLtr(wholeText) })}
        </output>
      </div>
      {/* A native range: the phone's own control, mirrored in Arabic, stepped by the keys. */}
      <input
        id={sliderId}
        type="range"
        className="close-slider"
        min={range.fromSteps}
        max={range.toSteps}
        step={1}
        value={steps}
        disabled={range.fromSteps >= range.toSteps}
        aria-valuetext={t('order.close_of', { part: lotsText, whole: wholeText })}
        onChange={(event) => close.setSteps(Number(event.target.value))}
        data-testid="close-slider"
      />
      <div className="close-shares">
        {SHARES.map((share) => (
          <button
            key={share}
            type="button"
            className="close-share"
            onClick={() => close.share(share / 100)}
            data-testid={`close-share-${share}`}
          >
            {share === 100 ? t('order.close_all') : isolateLtr(`${share}%`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** What the close does at the quote of now: price, realised P&L, margin back, what remains. */
function ClosePreviewRows({ close }: { close: ClosePosition }) {
  const { t } = useTranslation();
  const { preview, range } = close;
  const shown = (value: string | null, testId: string) => (
    <dd data-testid={testId}>{value === null ? '—' : value}</dd>
  );
  return (
    <dl className="order-detail-rows close-preview" data-testid="close-preview">
      <div>
        <dt>{t('order.closes_at')}</dt>
        {shown(
          preview && isolateLtr(formatDecimal(preview.closePrice, close.precision)),
          'close-price',
        )}
      </div>
      <div>
        <dt>{t('order.part_pnl')}</dt>
        <dd data-testid="close-pnl" className={preview ? trendOfCents(preview.pnl) : undefined}>
          {preview ? <ExactMoney value={preview.pnl} signed /> : '—'}
        </dd>
      </div>
      <div>
        <dt>{t('order.margin_released')}</dt>
        <dd data-testid="close-margin">
          {preview ? <ExactMoney value={preview.marginReleased} /> : '—'}
        </dd>
      </div>
      <div>
        <dt>{t('order.remaining')}</dt>
        {shown(
          preview && range && isolateLtr(formatLotsOf(preview.remaining, range.spec)),
          'close-remaining',
        )}
      </div>
      <div>
        <dt>{t('order.margin_level_after')}</dt>
        {shown(
          preview?.marginLevelAfter == null
            ? null
            : formatPercent(marginLevelPercent(preview.marginLevelAfter)),
          'close-margin-level',
        )}
      </div>
    </dl>
  );
}

function CloseForm({ order, onDone }: { order: Order; onDone(full: boolean): void }) {
  const { t } = useTranslation();
  const close = useClosePosition(order);
  const buy = order.OrderType === 1;
  const wholeText = close.range
    ? formatLotsOf(close.range.whole, close.range.spec)
    : String(order.Quantity);
  const lotsText =
    close.range && close.lots !== null ? formatLotsOf(close.lots, close.range.spec) : wholeText;
  return (
    <div data-testid="close-sheet" data-id={order.Id}>
      <h2>
        {t('order.close')}{' '}
        <small>
          <bdi>{order.ForexTradeLists.ShowCode}</bdi> {t(buy ? 'trade.buy' : 'trade.sell')}{' '}
          <bdi>{wholeText}</bdi> #{order.Id}
        </small>
      </h2>
      <LotsSlider close={close} wholeText={wholeText} />
      <ClosePreviewRows close={close} />
      {close.problem ? (
        <p className="order-stop-error" role="alert" data-testid="close-problem">
          {t(close.problem.key, close.problem.values)}
        </p>
      ) : null}
      <Button
        block
        color="danger"
        loading={close.sending}
        disabled={close.problem !== null}
        onClick={async () => {
          const full = close.full;
          if (await close.send()) onDone(full);
        }}
        data-testid="close-confirm"
      >
        {close.full
          ? t('order.close')
          : t('order.close_part_button', { lots: isolateLtr(lotsText) })}
      </Button>
    </div>
  );
}

/**
 * Closing a position, all or part of it (issue 40): a sheet over the position's detail with
 * the lots to close on a slider and what that does now. `onClosed(full)` after it worked.
 */
export function CloseSheet(props: {
  order: Order;
  open: boolean;
  onClose(): void;
  onClosed(full: boolean): void;
}) {
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
      {props.open ? <CloseForm order={props.order} onDone={props.onClosed} /> : null}
    </Popup>
  );
}
