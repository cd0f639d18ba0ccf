import type { Order } from '@tradedesk/contract';
import { useEffect, useState } from 'react';
import { useSetTrailing } from '../api/manage-orders-api.ts';
import { toPoints } from '../lib/instrument-spec.ts';
import {
  findTrailingProblem,
  NO_TRAILING,
  startTrailing,
  type TrailingDraft,
  trailingFields,
  trailingOfOrder,
} from '../lib/trailing.ts';

/**
 * A position's trailing stop as its detail edits it: from the order when another one opens,
 * judged against the price it closes at now (its UpdatePrice), saved or removed by
 * set_trailing.
 */
export function useOrderTrailing(order: Order | null) {
  const setTrailing = useSetTrailing();
  const [draft, setDraft] = useState<TrailingDraft>(NO_TRAILING);
  const orderId = order?.Id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another order opens.
  useEffect(() => {
    setDraft(order ? trailingOfOrder(order) : NO_TRAILING);
  }, [orderId]);
  const precision = order?.ForexTradeLists.PricePrecision ?? 2;
  const side = order?.OrderType === 1 ? 'buy' : 'sell';
  const closesAt = toPoints(order?.UpdatePrice ?? 0, precision);
  const problem = order ? findTrailingProblem(draft, side, closesAt, precision) : null;

  const send = async (id: number, fields: { distance: string; activation: string }) => {
    try {
      await setTrailing.mutateAsync({
        id,
        distance: fields.distance,
        activation_price: fields.activation,
      });
      return true;
    } catch {
      // Toasted by the client.
      return false;
    }
  };

  return {
    draft,
    setDraft,
    problem,
    /** Where a tick starts it: a stop's distance behind the price the position closes at. */
    start: () => startTrailing(closesAt, precision),
    /** Sends it as edited (switched off: removed). */
    save: (id: number) => send(id, trailingFields(draft)),
    /** Removes it: the stop loss stays where it had moved it. */
    remove: async (id: number) => {
      if (await send(id, trailingFields(NO_TRAILING))) setDraft(NO_TRAILING);
    },
    saving: setTrailing.isPending,
  };
}

export type OrderTrailing = ReturnType<typeof useOrderTrailing>;
