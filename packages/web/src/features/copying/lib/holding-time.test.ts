import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../../i18n/locales/ar.json';
import en from '../../../i18n/locales/en.json';
import { holdingTimeText } from './holding-time.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: en }, ar: { translation: ar } },
    interpolation: { escapeValue: false },
  });
});

const say = (ms: number, lng = 'en') => {
  const { key, values } = holdingTimeText(ms);
  return i18next.t(key, { ...values, lng });
};

describe('holding time as a person says it', () => {
  it('keeps the two largest units, rounded down', () => {
    expect(say(3 * HOUR + 20 * MIN)).toBe('3 h 20 min');
    expect(say(3 * HOUR + 20 * MIN + 59_999)).toBe('3 h 20 min');
    expect(say(2 * DAY + 5 * HOUR + 40 * MIN)).toBe('2 d 5 h');
    expect(say(45 * MIN + 30_000)).toBe('45 min');
  });

  it('says whole hours and days with their zero', () => {
    expect(say(HOUR)).toBe('1 h 0 min');
    expect(say(DAY)).toBe('1 d 0 h');
  });

  it('says under a minute for less, zero included', () => {
    expect(say(59_999)).toBe('< 1 min');
    expect(say(0)).toBe('< 1 min');
  });

  it("writes each language's own units", () => {
    expect(say(3 * HOUR + 20 * MIN, 'ar')).toBe('3 س 20 د');
  });
});
