import { describe, expect, it } from 'vitest';
import { drawdownTrend, formatReturn, formatShare, formatUsd, isRunning } from './copy-figures.ts';

const LRI = '\u2066';
const PDI = '\u2069';

describe('copy-trading figures', () => {
  it('signs returns and keeps 2 decimals', () => {
    expect(formatReturn(4.4)).toBe('+4.40%');
    expect(formatReturn(-12.064)).toBe('-12.06%');
    expect(formatReturn(0)).toBe('0.00%');
  });

  it('writes shares and drawdowns unsigned, grouped', () => {
    expect(formatShare(23.5)).toBe('23.50%');
    expect(formatShare(1234.5)).toBe('1,234.50%');
  });

  it('writes USD grouped with its code', () => {
    expect(formatUsd(1250)).toBe('1,250.00 USD');
  });

  it('colours a drawdown red once there was one', () => {
    expect(drawdownTrend(0)).toBeUndefined();
    expect(drawdownTrend(0.01)).toBe('down');
  });

  it('calls a stopped copy history, paused and active ones running', () => {
    expect(isRunning({ status: 'stopped' })).toBe(false);
    expect(isRunning({ status: 'paused' })).toBe(true);
    expect(isRunning({ status: 'active' })).toBe(true);
  });
});

describe('figures in Arabic', async () => {
  const i18next = (await import('i18next')).default;
  it('stay one left-to-right unit, sign included', async () => {
    await i18next.init({ lng: 'ar', resources: {} });
    expect(formatReturn(-3.2)).toBe(`${LRI}-3.20%${PDI}`);
    await i18next.changeLanguage('en');
  });
});
