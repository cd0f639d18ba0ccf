import type { Micros } from '@tradedesk/engine';
import { useState } from 'react';
import {
  formatCents,
  formatExact,
  formatSignedCents,
  formatSignedExact,
} from '../../../lib/format.ts';
import '../exact-money.css';

/**
 * Money to the cent, as MT5 shows it; a tap shows it to the micro-dollar, what the server
 * charges (a fee of 0.005425 shows 0.01), and another tap back. `signed`: a P&L, with its sign.
 */
export function ExactMoney({ value, signed = false }: { value: Micros; signed?: boolean }) {
  const [exact, setExact] = useState(false);
  return (
    <button
      type="button"
      className="exact-money"
      aria-pressed={exact}
      onClick={() => setExact(!exact)}
    >
      {signed
        ? exact
          ? formatSignedExact(value)
          : formatSignedCents(value)
        : exact
          ? formatExact(value)
          : formatCents(value)}
    </button>
  );
}
