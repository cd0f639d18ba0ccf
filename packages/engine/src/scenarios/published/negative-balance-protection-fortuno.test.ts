/**
 * Sources:
 * - Fortuno Markets help centre, "Negative Balance Protection" —
 *   https://fortunomarkets.net/help-center/negative-balance-protection : an account with a
 *   balance of 100 USD has its orders closed by a stop out at a loss of 150 USD, leaving
 *   −50 USD; negative balance protection resets the balance to 0 USD, sparing the client 50 USD.
 * - ESMA Q&A 5.4 on CFDs (https://www.esma.europa.eu/node/204717): negative balance protection
 *   limits a retail client's aggregate liability for all CFDs in an account to the funds in
 *   that account (no figures).
 *
 * Reproduced exactly: the close leaves −50 USD, protection credits 50 USD, the balance ends
 * at 0 USD.
 */
import { describe, expect, it } from 'vitest';
import { formatMicros, parseMicros, planStopOut, subtractMicros } from '../../index.ts';

describe('Fortuno Markets: 100 USD account stopped out at a 150 USD loss → reset to 0', () => {
  it('credits the 50 USD the close left below zero', () => {
    // The page gives no margin: any margin gives the same result (derived inputs, 20 and 80
    // USD). The engine's balance is the 100 USD less the margin in the position.
    for (const m of ['20', '80']) {
      const margin = parseMicros(m);
      const plan = planStopOut(
        subtractMicros(parseMicros('100'), margin),
        [{ id: 'stopped', margin, floatingPnl: parseMicros('-150') }],
        [],
      );
      expect(plan.close).toEqual(['stopped']);
      expect(formatMicros(plan.protection)).toBe('50.000000');
      expect(formatMicros(plan.balance)).toBe('0.000000');
    }
  });

  it('credits the same 50 USD to a balance left at −50 USD with nothing open', () => {
    const plan = planStopOut(parseMicros('-50'), [], []);
    expect(formatMicros(plan.protection)).toBe('50.000000');
    expect(formatMicros(plan.balance)).toBe('0.000000');
  });
});
