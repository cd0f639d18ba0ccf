import type { Order } from '@tradedesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useSetStops } from '../api/orders-api.ts';
import { NO_STOP, type Stop } from '../lib/order-draft.ts';

/**
 * An order's stop as the popup edits it: on at its price, or off (0). The field's text is
 * `toFixed`, not the display format (whose isolation marks a field must not hold).
 */
function stopOf(value: number, precision: number): Stop {
  return value > 0 ? { on: true, price: value.toFixed(precision) } : NO_STOP;
}

/**
 * TP/SL of the order in the detail popup (SPEC.md §4). They start from the order when another
 * one opens, not on every push, so live prices never overwrite what is being typed. A stop loss
 * the trader has not touched follows the order's, which a trailing stop moves (issue 40): a
 * save then sends the stop where it is now, not where it was when the popup opened.
 */
export function useOrderStops(order: Order | null) {
  const setStops = useSetStops();
  const precision = order?.ForexTradeLists.PricePrecision ?? 2;
  const [stopLoss, setStopLoss] = useState<Stop>(NO_STOP);
  const [takeProfit, setTakeProfit] = useState<Stop>(NO_STOP);
  const stopLossTouched = useRef(false);
  const orderId = order?.Id;
  const liveStopLoss = order?.TargetLossPrice;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another order opens.
  useEffect(() => {
    if (!order) return;
    stopLossTouched.current = false;
    setStopLoss(stopOf(order.TargetLossPrice, precision));
    setTakeProfit(stopOf(order.TargetProfitPrice, precision));
  }, [orderId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the stored stop only.
  useEffect(() => {
    if (liveStopLoss === undefined || stopLossTouched.current) return;
    setStopLoss(stopOf(liveStopLoss, precision));
  }, [liveStopLoss]);

  /** Sends both stops; an off one goes as 0, which removes it. */
  const save = async (id: number): Promise<void> => {
    try {
      await setStops.mutateAsync({
        id,
        stop_loss_price: stopLoss.on ? stopLoss.price : '0',
        target_profit_price: takeProfit.on ? takeProfit.price : '0',
      });
      stopLossTouched.current = false;
    } catch {
      // Toasted by the client.
    }
  };

  return {
    stopLoss,
    setStopLoss: (stop: Stop) => {
      stopLossTouched.current = true;
      setStopLoss(stop);
    },
    takeProfit,
    setTakeProfit,
    save,
  };
}

export type OrderStops = ReturnType<typeof useOrderStops>;
