import type { Order } from '@tradedesk/contract';
import { useState } from 'react';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { wireMicros } from '../../../lib/format.ts';
import { useModifyPending } from '../api/manage-orders-api.ts';
import {
  editOf,
  fillsOnOf,
  findEditProblems,
  hasEditProblem,
  type PendingEdit,
  reserveAt,
  toModifyRequest,
} from '../lib/pending-edit.ts';
import { useOrderQuotes } from './use-order-quotes.ts';

/**
 * The edit sheet's state: the order's price, stops and expiry as the trader changes them, what
 * is wrong with them, and the reserve now and at the new price.
 */
export function usePendingEdit(order: Order) {
  const quotes = useOrderQuotes(order.ForexId);
  const { data: basicInfo } = useBasicInfo();
  const modify = useModifyPending();
  const [initial] = useState(() => editOf(order));
  const [edit, setEdit] = useState<PendingEdit>(initial);
  const problems = findEditProblems(order, edit, initial, quotes?.instrument, Date.now());
  const update = (change: Partial<PendingEdit>) =>
    setEdit((current) => ({ ...current, ...change }));

  /** Sends the edit; resolves whether it was saved (a refusal has been toasted). */
  const save = async (): Promise<boolean> => {
    if (hasEditProblem(problems)) return false;
    try {
      await modify.mutateAsync(toModifyRequest(order, edit, initial));
      return true;
    } catch {
      return false;
    }
  };

  return {
    edit,
    update,
    problems,
    /** The live price the order fills on, in points. */
    fillsOn: fillsOnOf(order, quotes?.instrument),
    reserveNow: wireMicros(order.CautionMoney),
    reserveNew: reserveAt({
      order,
      price: edit.price,
      instrument: quotes?.instrument,
      instruments: quotes?.pairs ?? [],
      feeType: basicInfo?.trade_fee_type ?? 2,
    }),
    saving: modify.isPending,
    save,
  };
}

export type PendingEditState = ReturnType<typeof usePendingEdit>;
