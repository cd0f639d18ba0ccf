import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { RiskBadge, riskBand } from './trader-badges.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

describe('risk badge', () => {
  it('bands scores 1–10 as calm, moderate and wild', () => {
    expect([1, 4, 5, 7, 8, 10].map(riskBand)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });

  it('shows the score out of 10 in its band colour', () => {
    render(<RiskBadge score={8} />);
    const badge = screen.getByTestId('risk-badge');
    expect(badge.textContent).toBe('Risk 8/10');
    expect(badge.className).toContain('high');
  });
});
