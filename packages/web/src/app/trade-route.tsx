import type { Instrument } from '@tradedesk/contract';
import { TradePage } from '../features/market/pages/trade-page.tsx';
import { OrderForm } from '../features/trade/components/order-form.tsx';

// Module-level so the page gets the same function on every render.
function renderOrderForm(instrument: Instrument, instruments: readonly Instrument[]) {
  return <OrderForm instrument={instrument} instruments={instruments} />;
}

/**
 * /trade: the market feature's page holding the trade feature's order form. The two meet here,
 * in the app layer, because features never import each other.
 */
export function TradeRoute() {
  return <TradePage renderOrderForm={renderOrderForm} />;
}
