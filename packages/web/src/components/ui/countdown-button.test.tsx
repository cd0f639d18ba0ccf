import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/locales/en.json';
import { CountdownButton } from './countdown-button.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('CountdownButton', () => {
  it('counts down 60 s after a successful send, then re-enables', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn().mockResolvedValue(true);
    render(<CountdownButton seconds={60} onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button').textContent).toBe('Resend in 60 s');
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
    for (let i = 0; i < 59; i++) await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('Resend in 1 s');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('Send code');
    expect(screen.getByRole('button')).toHaveProperty('disabled', false);
  });

  it('does not count down when the send was refused', async () => {
    const onSend = vi.fn().mockResolvedValue(false);
    render(<CountdownButton seconds={60} onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    expect(screen.getByRole('button').textContent).toBe('Send code');
    expect(screen.getByRole('button')).toHaveProperty('disabled', false);
  });
});
