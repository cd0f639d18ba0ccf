import { type Instrument, MARKET_STATUSES } from '@tradedesk/contract';
import { formatDecimal } from '@tradedesk/engine';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { isolateLtr } from '../../../lib/bidi.ts';
import { formatPrice } from '../../../lib/format.ts';
import type { Mode, Side } from '../lib/order-draft.ts';
import { pendingTypeKey } from '../lib/order-type.ts';
import { formatReopenTime } from '../lib/reopen-time.ts';
import { parseLevel } from '../lib/stop-levels.ts';

/**
 * "Buy 1.08508", "Buy Limit 1.08250" or "Closed · opens Mon 09:30": a market order shows the
 * price it will take; a pending one is named by its type, as MT5 names it, with its own price
 * ("Sell" alone until one is typed); while the market is closed nothing can be sent, and the
 * button says when it can (in the trader's time).
 */
export function OrderSubmitButton(props: {
  instrument: Instrument;
  side: Side;
  mode: Mode;
  /** The pending order's price as typed. */
  target: string;
  marketPrice: number;
  sending: boolean;
  onSend(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const closed = props.instrument.MarketStatus !== MARKET_STATUSES.open;
  const reopens = props.instrument.NextOpen;
  const buying = props.side === 'buy';
  const precision = props.instrument.PricePrecision;
  const sideName = t(buying ? 'trade.buy' : 'trade.sell');
  const target = props.mode === 'pending' ? parseLevel(props.target, precision) : null;
  let label: string;
  if (props.mode === 'market') label = `${sideName} ${formatPrice(props.marketPrice, precision)}`;
  else if (target === null) label = sideName;
  else
    label = `${t(pendingTypeKey(props.side, target, props.instrument))} ${isolateLtr(
      formatDecimal(target, precision),
    )}`;
  return (
    <Button
      block
      className={buying ? 'order-submit buy' : 'order-submit sell'}
      disabled={closed}
      loading={props.sending}
      onClick={props.onSend}
      data-testid="order-submit"
    >
      {closed
        ? reopens === null
          ? t('market.closed')
          : t('trade.closed_reopens', { time: formatReopenTime(reopens, language) })
        : label}
    </Button>
  );
}
