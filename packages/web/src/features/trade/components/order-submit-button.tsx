import type { Instrument } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import type { Mode, Side } from '../lib/order-draft.ts';

/**
 * "Buy 1.08508", "Sell" or "Closed": a market order shows the price it will take, a pending
 * one has its own target; while the market is closed nothing can be sent.
 */
export function OrderSubmitButton(props: {
  instrument: Instrument;
  side: Side;
  mode: Mode;
  marketPrice: number;
  sending: boolean;
  onSend(): void;
}) {
  const { t } = useTranslation();
  const closed = props.instrument.MarketStatus !== 1;
  const buying = props.side === 'buy';
  const price = formatPrice(props.marketPrice, props.instrument.PricePrecision);
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
        ? t('market.closed')
        : `${t(buying ? 'trade.buy' : 'trade.sell')} ${props.mode === 'market' ? price : ''}`.trim()}
    </Button>
  );
}
