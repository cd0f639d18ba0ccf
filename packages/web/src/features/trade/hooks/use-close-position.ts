import type { Order } from '@tradedesk/contract';
import { useMemo, useState } from 'react';
import { useClosePart } from '../api/manage-orders-api.ts';
import { useCloseOrder, useForexDetail } from '../api/orders-api.ts';
import {
  closeRangeOf,
  formatLotsOf,
  lotsAtSteps,
  previewClose,
  stepsAtShare,
} from '../lib/close-preview.ts';
import { useOrderQuotes } from './use-order-quotes.ts';

/**
 * The close sheet's state (issue 40): how much of the position to close, in whole lot steps
 * from the least part to all of it (all by default, as MT5's close starts), and what that
 * would do at the quote of now. All goes by the ordinary close, a part by close_part.
 */
export function useClosePosition(order: Order) {
  const quotes = useOrderQuotes(order.ForexId);
  const { data: detail } = useForexDetail();
  const closeOrder = useCloseOrder();
  const closePart = useClosePart();
  const instrument = quotes?.instrument;
  const range = useMemo(
    () => (instrument ? closeRangeOf(order, instrument) : null),
    [order, instrument],
  );
  const [chosen, setSteps] = useState<number | null>(null);
  const steps = range === null ? null : Math.min(range.toSteps, chosen ?? range.toSteps);
  const lots = range && steps !== null ? lotsAtSteps(range, steps) : null;
  const result =
    range && instrument && lots !== null
      ? previewClose({ order, range, instrument, instruments: quotes.pairs, detail, lots })
      : null;
  const preview = result?.ok ? result.preview : null;
  const full = range === null || lots === null || lots >= range.whole;

  /** Closes what is chosen; resolves whether it was closed (a refusal has been toasted). */
  const send = async (): Promise<boolean> => {
    if (result && !result.ok) return false;
    try {
      if (full || !range || lots === null) await closeOrder.mutateAsync(order.Id);
      else await closePart.mutateAsync({ id: order.Id, lots: formatLotsOf(lots, range.spec) });
      return true;
    } catch {
      return false;
    }
  };

  return {
    range,
    steps,
    setSteps,
    /** The nearest step below a share of the position (25 %, 50 % …). */
    share: (part: number) => range && setSteps(stepsAtShare(range, part)),
    lots,
    full,
    preview,
    problem: result && !result.ok ? result.problem : null,
    precision: instrument?.PricePrecision ?? order.ForexTradeLists.PricePrecision,
    sending: closeOrder.isPending || closePart.isPending,
    send,
  };
}

export type ClosePosition = ReturnType<typeof useClosePosition>;
