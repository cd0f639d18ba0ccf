import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountFigures, isBelowLevel } from '../account/account-figures.ts';
import { addMicros, asMicros, sumMicros } from '../money/micros.ts';
import { DEFAULT_STOP_OUT_LEVEL, isEmptyPlan, planStopOut } from './stop-out.ts';

const money = (max: bigint, min = 0n) => fc.bigInt({ min, max }).map(asMicros);

describe('planStopOut, for any account', () => {
  it('closes nothing above the level, stops as soon as the level is back, ends flat or healthy', () => {
    fc.assert(
      fc.property(
        money(10n ** 11n, -(10n ** 10n)),
        fc.array(
          fc.record({
            margin: money(10n ** 10n, 1n),
            floatingPnl: money(10n ** 10n, -(10n ** 10n)),
          }),
          {
            maxLength: 10,
          },
        ),
        fc.array(fc.record({ reserve: money(10n ** 10n, 1n) }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 15_000 }).map(BigInt),
        (balance, values, reserves, level) => {
          const positions = values.map((v, i) => ({ id: `p${i}`, ...v }));
          const pending = reserves.map((r, i) => ({ id: `o${i}`, ...r }));
          const reserved = sumMicros(pending.map((p) => p.reserve));
          const before = accountFigures({ balance, reserved }, positions);
          const plan = planStopOut(balance, positions, pending, level);
          const rest = positions.filter((p) => !plan.close.includes(p.id));
          const left = pending.filter((p) => !plan.cancel.includes(p.id));
          const unprotected = asMicros(plan.balance - plan.protection);
          const after = accountFigures(
            { balance: unprotected, reserved: sumMicros(left.map((p) => p.reserve)) },
            rest,
          );
          // A healthy account (positions open, level at or above) is never touched.
          if (positions.length > 0 && !isBelowLevel(before, level)) {
            expect(plan.close).toEqual([]);
            expect(plan.cancel).toEqual([]);
          }
          // Positions left open: the level is at or above the threshold.
          if (rest.length > 0) expect(isBelowLevel(after, level)).toBe(false);
          // Nothing open: the balance is not negative, and protection gave only what was missing.
          else {
            expect(plan.balance >= 0n).toBe(true);
            if (plan.protection > 0n) expect(plan.balance).toBe(0n);
          }
          // Each close was needed: just before the last one, the level was below.
          if (plan.close.length > 0) {
            const last = plan.close.at(-1)!;
            const beforeLast = positions.filter((p) => !plan.close.includes(p.id) || p.id === last);
            const closedEarlier = positions.filter(
              (p) => plan.close.includes(p.id) && p.id !== last,
            );
            const balanceBeforeLast = closedEarlier.reduce(
              (sum, p) => addMicros(sum, addMicros(p.margin, p.floatingPnl)),
              addMicros(
                balance,
                sumMicros(pending.filter((p) => plan.cancel.includes(p.id)).map((p) => p.reserve)),
              ),
            );
            const figures = accountFigures(
              { balance: balanceBeforeLast, reserved: asMicros(0n) },
              beforeLast,
            );
            expect(isBelowLevel(figures, level)).toBe(true);
            // Every pending order went first.
            expect(plan.cancel.length).toBe(pending.length);
          }
          // Largest loss first, largest reserve first.
          const losses = plan.close.map((id) => positions.find((p) => p.id === id)!.floatingPnl);
          for (let i = 1; i < losses.length; i++) expect(losses[i - 1]! <= losses[i]!).toBe(true);
          const cancelled = plan.cancel.map((id) => pending.find((p) => p.id === id)!.reserve);
          for (let i = 1; i < cancelled.length; i++)
            expect(cancelled[i - 1]! >= cancelled[i]!).toBe(true);
          // Money is conserved: the plan's balance is the start plus what each step returned.
          const returned = sumMicros([
            ...pending.filter((p) => plan.cancel.includes(p.id)).map((p) => p.reserve),
            ...positions
              .filter((p) => plan.close.includes(p.id))
              .map((p) => addMicros(p.margin, p.floatingPnl)),
            plan.protection,
          ]);
          expect(plan.balance).toBe(addMicros(balance, returned));
        },
      ),
    );
  });

  it('uses 50 % by default', () => {
    const at = (pnl: bigint) => [
      { id: 'p', margin: asMicros(1_000_000_000n), floatingPnl: asMicros(pnl) },
    ];
    expect(planStopOut(asMicros(0n), at(-500_000_000n), []).close).toEqual([]);
    expect(planStopOut(asMicros(0n), at(-500_000_001n), []).close).toEqual(['p']);
    expect(DEFAULT_STOP_OUT_LEVEL).toBe(5_000n);
  });

  it('orders the closes by loss and the cancels by reserve, ties by id, whatever the input order', () => {
    const m = (text: string) => asMicros(BigInt(Math.round(Number(text) * 1e6)));
    // Equity 0 + 500 + 5 000 − 6 000 = −500: everything goes.
    const plan = planStopOut(
      m('0'),
      [
        { id: 'c', margin: m('1000'), floatingPnl: m('-1000') },
        { id: 'a', margin: m('1000'), floatingPnl: m('-2000') },
        { id: 'e', margin: m('1000'), floatingPnl: m('500') },
        { id: 'b', margin: m('1000'), floatingPnl: m('-1000') },
        { id: 'd', margin: m('1000'), floatingPnl: m('-2500') },
      ],
      [
        { id: 'y', reserve: m('100') },
        { id: 'x', reserve: m('100') },
        { id: 'z', reserve: m('300') },
      ],
    );
    expect(plan.cancel).toEqual(['z', 'x', 'y']);
    expect(plan.close).toEqual(['d', 'a', 'b', 'c', 'e']);
    expect(plan.protection).toBe(m('500'));
  });

  it('settles nothing at a balance of exactly 0 with nothing open', () => {
    expect(planStopOut(asMicros(0n), [], [{ id: 'p', reserve: asMicros(5n) }])).toEqual({
      cancel: [],
      close: [],
      balance: 0n,
      protection: 0n,
    });
  });

  it('says whether a plan does anything', () => {
    const empty = { cancel: [], close: [], balance: asMicros(1n), protection: asMicros(0n) };
    expect(isEmptyPlan(empty)).toBe(true);
    expect(isEmptyPlan({ ...empty, cancel: ['p'] })).toBe(false);
    expect(isEmptyPlan({ ...empty, close: ['p'] })).toBe(false);
    expect(isEmptyPlan({ ...empty, protection: asMicros(1n) })).toBe(false);
  });

  it('closes in order of loss and cancels in order of reserve, ties by id, for any account', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            id: fc.string({ minLength: 1, maxLength: 3 }),
            pnl: fc.integer({ min: -5, max: 5 }),
          }),
          {
            selector: (p) => p.id,
            maxLength: 25,
          },
        ),
        fc.uniqueArray(
          fc.record({
            id: fc.string({ minLength: 1, maxLength: 3 }),
            reserve: fc.integer({ min: 1, max: 4 }),
          }),
          {
            selector: (p) => p.id,
            maxLength: 12,
          },
        ),
        (values, reserves) => {
          const positions = values.map((v) => ({
            id: v.id,
            margin: asMicros(1_000n),
            floatingPnl: asMicros(BigInt(v.pnl) * 100n),
          }));
          const pending = reserves.map((r) => ({
            id: `o${r.id}`,
            reserve: asMicros(BigInt(r.reserve)),
          }));
          // So far below 0 that every step is needed.
          const plan = planStopOut(asMicros(-(10n ** 12n)), positions, pending);
          const byLoss = [...positions].sort((a, b) =>
            a.floatingPnl === b.floatingPnl
              ? a.id < b.id
                ? -1
                : 1
              : a.floatingPnl < b.floatingPnl
                ? -1
                : 1,
          );
          const byReserve = [...pending].sort((a, b) =>
            a.reserve === b.reserve ? (a.id < b.id ? -1 : 1) : a.reserve > b.reserve ? -1 : 1,
          );
          expect(plan.close).toEqual(byLoss.map((p) => p.id));
          expect(plan.cancel).toEqual(byReserve.map((p) => p.id));
        },
      ),
    );
  });
});
