import {
  COPY_SKIP_REASONS,
  COPY_STATUSES,
  COPY_STOP_REASONS,
  EQUITY_PERIODS,
} from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { SKIP_REASON_KEYS, STATUS_KEYS, STOP_REASON_KEYS } from './copy-labels.ts';
import { PERIOD_KEYS } from './period-labels.ts';

// The labels are looked up through maps, which the locale test's scan of t('…') calls does
// not see: every one is checked here instead.
const texts: Record<string, string> = en;

describe('copy-trading labels', () => {
  it.each([
    ['skip reasons', COPY_SKIP_REASONS, SKIP_REASON_KEYS],
    ['stop reasons', COPY_STOP_REASONS, STOP_REASON_KEYS],
    ['statuses', COPY_STATUSES, STATUS_KEYS],
    ['periods', EQUITY_PERIODS, PERIOD_KEYS],
  ] as const)(
    'every one of the contract’s %s has words',
    (_, values, keys: Record<string, string>) => {
      for (const value of values) expect(texts[keys[value] ?? ''], value).toBeTruthy();
      expect(new Set(values.map((v) => keys[v])).size).toBe(values.length);
    },
  );

  it("names the copy closes in an order's history", () => {
    expect(texts['order.reason_copy-leader']).toBe('Closed by the copied trader');
    expect(texts['order.reason_copy-stop']).toBe('Copy stopped');
  });
});
