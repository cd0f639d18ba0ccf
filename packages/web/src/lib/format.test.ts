import { parseMicros, subtractMicros } from '@tradedesk/engine';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatChange,
  formatExact,
  formatFee,
  formatLeverage,
  formatMoney,
  formatPercent,
  formatPrice,
  formatProfit,
  formatSignedCents,
  formatSignedExact,
  formatSignedMoney,
  formatSignedPercent,
  formatVolume,
  trendOfCents,
  wireMicros,
} from './format.ts';

// The formatters replace Intl's (too slow to build at start-up): they must print the same.
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });
const money = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const VOLUMES = [
  0, 0.5, 1, 12.345, 999, 999.994, 999.996, 1000, 1234, 1500, 99_999, 999_499, 999_999, 1_000_000,
  1_234_567, 45_600_000, 999_999_999, 1e9, 2.5e12, 7.123e15, -1234, -0.25,
];
const AMOUNTS = [
  0,
  0.004,
  0.005,
  -0.005,
  1,
  -1,
  12.3,
  999.999,
  1000,
  100_000,
  1_234_567.891,
  -9_876_543.21,
  123_456_789_012.34,
  0.1 + 0.2,
];

describe('formatVolume', () => {
  it.each(VOLUMES)('prints %d as Intl compact notation does', (value) => {
    expect(formatVolume(value)).toBe(compact.format(value));
  });

  it('agrees with Intl on random volumes of every size', () => {
    // A fixed pseudo-random sequence (an LCG), so that a failure reproduces.
    let seed = 20261123;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5_000; i++) {
      const value = Math.round(10 ** (next() * 13));
      expect(formatVolume(value), String(value)).toBe(compact.format(value));
    }
  });
});

describe('formatMoney', () => {
  it.each(AMOUNTS)('prints %d grouped to 2 decimals as Intl does', (value) => {
    expect(formatMoney(value)).toBe(money.format(value));
  });

  it('never prints a negative zero, where Intl would', () => {
    expect(formatMoney(-0.004)).toBe('0.00');
    expect(money.format(-0.004)).toBe('-0.00');
  });

  it('signs gains, not zero', () => {
    expect(formatSignedMoney(92)).toBe('+92.00');
    expect(formatSignedMoney(-0.54)).toBe('-0.54');
    expect(formatSignedMoney(0)).toBe('0.00');
  });
});

describe('an order’s money to 2 decimals, exactly', () => {
  const usd = (text: string) => parseMicros(text);

  it('rounds half away from zero on the decimal value, never through a float', () => {
    // As floats, 1.005 and 0.285 sit just under their halves: toFixed(2) gives 1.00 and 0.28.
    expect(formatCents(usd('1.005'))).toBe('1.01');
    expect(formatSignedCents(usd('0.285'))).toBe('+0.29');
    expect(formatSignedCents(usd('-0.285'))).toBe('-0.29');
    expect(formatSignedCents(usd('0.779800'))).toBe('+0.78');
    expect(formatSignedCents(usd('0.004999'))).toBe('0.00');
    expect(formatSignedCents(usd('-0.004999'))).toBe('0.00');
    expect(formatCents(usd('1234567.894999'))).toBe('1,234,567.89');
    expect(formatSignedCents(usd('-9876543.215'))).toBe('-9,876,543.22');
  });

  it('colours by what the figure shows', () => {
    expect(trendOfCents(usd('0.005'))).toBe('up');
    expect(trendOfCents(usd('-0.004999'))).toBe('flat');
    expect(trendOfCents(usd('-0.005'))).toBe('down');
  });

  it('reads wire amounts exactly and writes them back to the micro-dollar', () => {
    expect(wireMicros(0.7798)).toBe(usd('0.7798'));
    expect(wireMicros(-0.108512)).toBe(usd('-0.108512'));
    expect(formatSignedExact(subtractMicros(wireMicros(0.7798), wireMicros(0.108512)))).toBe(
      '+0.671288',
    );
    expect(formatSignedExact(usd('-0.8'))).toBe('-0.800000');
    expect(formatExact(usd('0.005425'))).toBe('0.005425');
    expect(formatSignedCents(usd('-0.8'), 'ar')).toBe('\u2066-0.80\u2069');
  });
});

describe('formatLeverage', () => {
  it('writes leverage as MT5 does', () => {
    expect([1, 50, 500].map((m) => formatLeverage(m))).toEqual(['1:1', '1:50', '1:500']);
  });
});

describe('formatPercent', () => {
  it('writes a margin level as money with a percent sign: grouped, 2 decimals', () => {
    expect(formatPercent(9215.123)).toBe('9,215.12%');
    expect(formatPercent(50)).toBe('50.00%');
    expect(formatPercent(99.995)).toBe('100.00%');
  });
});

describe('figures in a right-to-left language', () => {
  const ltr = (text: string) => `\u2066${text}\u2069`;

  it('keeps each sign, percent and figure one left-to-right unit in Arabic', () => {
    // Unisolated, Arabic text shows -0.12% as "0.12%-" and +92.00 as "92.00+".
    expect(formatChange(-0.12, 'ar')).toBe(ltr('-0.12%'));
    expect(formatSignedMoney(92, 'ar')).toBe(ltr('+92.00'));
    expect(formatProfit(-0.5, 'ar')).toBe(ltr('-0.500000'));
    expect(formatPercent(9224.33, 'ar')).toBe(ltr('9,224.33%'));
    expect(formatSignedPercent(-29.37, 'ar')).toBe(ltr('-29.37%'));
    expect(formatMoney(-1234.5, 'ar')).toBe(ltr('-1,234.50'));
    expect(formatPrice(1.08513, 5, 'ar')).toBe(ltr('1.08513'));
    expect(formatLeverage(50, 'ar')).toBe(ltr('1:50'));
    expect(formatVolume(1234, 'ar')).toBe(ltr('1.23K'));
    expect(formatFee(0.010851, 'ar')).toBe(ltr('0.010851'));
  });

  it('leaves figures plain in a left-to-right language', () => {
    expect(formatChange(-0.12, 'en')).toBe('-0.12%');
    expect(formatSignedPercent(3.59, 'hk')).toBe('+3.59%');
    expect(formatLeverage(50, 'de')).toBe('1:50');
  });

  it('follows the app language when none is given', async () => {
    await i18next.init({ lng: 'en', resources: {} });
    await i18next.changeLanguage('ar');
    expect(formatChange(0.96)).toBe(ltr('+0.96%'));
    await i18next.changeLanguage('en');
    expect(formatChange(0.96)).toBe('+0.96%');
  });
});
