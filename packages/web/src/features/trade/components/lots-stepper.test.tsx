import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Instrument } from '@tradedesk/contract';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { LotsStepper } from './lots-stepper.tsx';

const eurusd = { Pip: 0.01, ForexMinCont: 0.01, ForexMaxCont: 0.03 } as Instrument;

function LabelledStepper() {
  const [lots, setLots] = useState('0.01');
  return (
    <>
      <label htmlFor="lots">Lots</label>
      <LotsStepper id="lots" instrument={eurusd} value={lots} onChange={setLots} />
    </>
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

describe('LotsStepper', () => {
  it('is a field named by its label between two named buttons', () => {
    render(<LabelledStepper />);
    const field = screen.getByLabelText<HTMLInputElement>('Lots');
    expect(field.value).toBe('0.01');
    expect(field.getAttribute('role')).toBeNull();
    expect(screen.getByRole('button', { name: 'Fewer lots' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'More lots' }));
    fireEvent.click(screen.getByRole('button', { name: 'More lots' }));
    expect(field.value).toBe('0.03');
    expect(screen.getByRole('button', { name: 'More lots' })).toHaveProperty('disabled', true);
  });

  it('takes typed lots and keeps them as typed when left: nothing is rounded silently', () => {
    render(<LabelledStepper />);
    const field = screen.getByLabelText<HTMLInputElement>('Lots');
    fireEvent.change(field, { target: { value: '0.0x' } });
    expect(field.value).toBe('0.01');
    fireEvent.change(field, { target: { value: '0.025' } });
    expect(field.value).toBe('0.025');
    fireEvent.blur(field);
    expect(field.value).toBe('0.025');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(field.value).toBe('');
  });
});
