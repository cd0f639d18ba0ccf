import type { Instrument } from '@tradedesk/contract';
import { useEffect, useMemo, useState } from 'react';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { type Expiry, findExpiryProblem, GOOD_TILL_CANCELLED } from '../lib/expiry.ts';
import { toPoints } from '../lib/instrument-spec.ts';
import { findLotsProblem } from '../lib/lots-problem.ts';
import {
  findDraftTrailingProblem,
  type Mode,
  NO_STOP,
  type Side,
  type Stop,
  stepDigits,
} from '../lib/order-draft.ts';
import { previewOrder } from '../lib/order-preview.ts';
import {
  parseLevel,
  resideLevel,
  type StopKind,
  startLevel,
  stopReference,
} from '../lib/stop-levels.ts';
import { levelPnl } from '../lib/stop-pnl.ts';
import { findDraftStopProblem } from '../lib/stop-problems.ts';
import { NO_TRAILING, startTrailing, type TrailingDraft } from '../lib/trailing.ts';

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
  const [trailing, setTrailing] = useState<TrailingDraft>(NO_TRAILING);
  const [expiry, setExpiry] = useState<Expiry>(GOOD_TILL_CANCELLED);
  const fixedMargin = instrument.MarginMode === 1;

  // Another instrument: start from its minimum, its first leverage, no prices.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the instrument changes.
  useEffect(() => {
    setLots(instrument.ForexMinCont.toFixed(stepDigits(instrument.Pip)));
    setLeverage(instrument.HasForexMultiple[0]?.Value ?? 0);
    setTarget('');
    setStopLoss(NO_STOP);
    setTakeProfit(NO_STOP);
    setTrailing(NO_TRAILING);
  }, [instrument.Id]);

  const marketPrice = side === 'buy' ? instrument.Ask : instrument.Bid;
  const openPrice = mode === 'pending' && Number(target) > 0 ? Number(target) : marketPrice;
  const precision = instrument.PricePrecision;
  // Lots that cannot be sent have no margin, fee or P&L to show: no order would carry them.
  const lotsProblem = findLotsProblem(lots, instrument);
  const lotsOk = lotsProblem === null;

  /** The price `forSide`'s stops are judged against now (see `stopReference`). */
  const referenceFor = (forSide: Side) =>
    stopReference({
      side: forSide,
      bid: toPoints(instrument.Bid, precision),
      ask: toPoints(instrument.Ask, precision),
      target: mode === 'pending' ? parseLevel(target, precision) : null,
    });

  /** Where a stop starts when ticked: on its own side of the price, never at it. */
  const startStop = (kind: StopKind): string =>
    startLevel(kind, side, referenceFor(side), precision);

  /** A trailing stop switched on starts a stop's distance behind the price it follows. */
  const startTrail = (): TrailingDraft => startTrailing(referenceFor(side), precision);

  /** Another direction: the ticked stops move to their sides for it (see `resideLevel`). */
  const changeSide = (next: Side): void => {
    if (next === side) return;
    const from = { side, reference: referenceFor(side) };
    const to = { side: next, reference: referenceFor(next) };
    const reside = (kind: StopKind, stop: Stop): Stop =>
      stop.on ? { on: true, price: resideLevel(kind, stop.price, from, to, precision) } : stop;
    setStopLoss(reside('stopLoss', stopLoss));
    setTakeProfit(reside('takeProfit', takeProfit));
    setSide(next);
  };

  // A level on the wrong side is said beside its field; it has no P&L "if reached": the order
  // carrying it would be refused.
  const draft = { side, mode, target, lots, leverage, stopLoss, takeProfit, trailing, expiry };
  const stopLossProblem = findDraftStopProblem('stopLoss', draft, instrument);
  const takeProfitProblem = findDraftStopProblem('takeProfit', draft, instrument);
  const trailingProblem = findDraftTrailingProblem(draft, instrument);
  // An expiry already past is said once it is chosen; the clock is read as the form renders.
  const expiryProblem = mode === 'pending' ? findExpiryProblem(expiry, Date.now()) : null;
  const pnlAt = (stop: Stop, wrongSide: boolean): number | null =>
    stop.on && lotsOk && !wrongSide
      ? levelPnl({ instrument, instruments, side, lots, openPrice, level: stop.price })
      : null;
  const preview = useMemo(
    () =>
      !lotsOk
        ? null
        : previewOrder({
            instrument,
            instruments,
            side,
            lots,
            leverage: fixedMargin ? 0 : leverage,
            price: openPrice,
            feeType: basicInfo?.trade_fee_type ?? 2,
          }),
    [instrument, instruments, side, lots, lotsOk, leverage, fixedMargin, openPrice, basicInfo],
  );

  return {
    side,
    setSide: changeSide,
    mode,
    setMode,
    target,
    setTarget,
    lots,
    setLots,
    /** What is wrong with the lots, said under the field; null when they can be sent. */
    lotsProblem,
    leverage,
    setLeverage,
    stopLoss,
    setStopLoss,
    takeProfit,
    setTakeProfit,
    startStop,
    trailing,
    setTrailing,
    startTrail,
    /** What is wrong with the trailing stop, said under it; else null. */
    trailingProblem,
    expiry,
    setExpiry,
    /** A pending order's expiry not chosen or past, said under it; else null. */
    expiryProblem,
    /** A ticked level on the wrong side of the price, said beside its field; else null. */
    stopLossProblem,
    takeProfitProblem,
    /** USD P&L if the order closes at each ticked level; null where it is not a figure. */
    stopLossPnl: pnlAt(stopLoss, stopLossProblem !== null),
    takeProfitPnl: pnlAt(takeProfit, takeProfitProblem !== null),
    marketPrice,
    preview,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
