import type { Instrument } from '@tradedesk/contract';
import { useEffect, useMemo, useState } from 'react';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { type Mode, NO_STOP, type Side, type Stop, stepDigits } from '../lib/order-draft.ts';
import { previewOrder } from '../lib/order-preview.ts';

/**
 * What the order form holds (SPEC.md §4, §5), and what follows from it: the price the order
 * would open at and its margin and fee.
 */
export function useOrderForm(instrument: Instrument, instruments: readonly Instrument[]) {
  const { data: basicInfo } = useBasicInfo();
  const [side, setSide] = useState<Side>('buy');
  const [mode, setMode] = useState<Mode>('market');
  const [target, setTarget] = useState('');
  const [lots, setLots] = useState('');
  const [leverage, setLeverage] = useState(0);
  const [stopLoss, setStopLoss] = useState<Stop>(NO_STOP);
  const [takeProfit, setTakeProfit] = useState<Stop>(NO_STOP);
  const fixedMargin = instrument.MarginMode === 1;

  // Another instrument: start from its minimum, its first leverage, no prices.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the instrument changes.
  useEffect(() => {
    setLots(instrument.ForexMinCont.toFixed(stepDigits(instrument.Pip)));
    setLeverage(instrument.HasForexMultiple[0]?.Value ?? 0);
    setTarget('');
    setStopLoss(NO_STOP);
    setTakeProfit(NO_STOP);
  }, [instrument.Id]);

  const marketPrice = side === 'buy' ? instrument.Ask : instrument.Bid;
  const openPrice = mode === 'pending' && Number(target) > 0 ? Number(target) : marketPrice;
  const preview = useMemo(
    () =>
      previewOrder({
        instrument,
        instruments,
        side,
        lots,
        leverage: fixedMargin ? 0 : leverage,
        price: openPrice,
        feeType: basicInfo?.trade_fee_type ?? 2,
      }),
    [instrument, instruments, side, lots, leverage, fixedMargin, openPrice, basicInfo],
  );

  return {
    side,
    setSide,
    mode,
    setMode,
    target,
    setTarget,
    lots,
    setLots,
    leverage,
    setLeverage,
    stopLoss,
    setStopLoss,
    takeProfit,
    setTakeProfit,
    marketPrice,
    preview,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
