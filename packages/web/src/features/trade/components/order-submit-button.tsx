import type { Instrument } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { formatPrice } from '../../../lib/format.ts';
import type { Mode, Side } from '../lib/order-draft.ts';
import { formatReopenTime } from '../lib/reopen-time.ts';

/**
 * "Buy 1.08508", "Sell" or "Closed · opens Mon 09:30": a market order shows the price it will
 * take, a pending one has its own target; while the market is closed nothing can be sent, and
 * the button says when it can (in the trader's time).
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
  const language = useLanguage();
  const closed = props.instrument.MarketStatus !== 1;
  const reopens = props.instrument.NextOpen;
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
        ? reopens === null
          ? t('market.closed')
          : t('trade.closed_reopens', { time: formatReopenTime(reopens, language) })
        : `${t(buying ? 'trade.buy' : 'trade.sell')} ${props.mode === 'market' ? price : ''}`.trim()}
    </Button>
  );
}
