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
  sessionStorage.clear();
});

async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('CountdownButton', () => {
  it('counts down 60 s after a successful send, then re-enables', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn().mockResolvedValue(60);
    render(<CountdownButton address="email:a@example.com" onSend={onSend} />);
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
    const onSend = vi.fn().mockResolvedValue(0);
    render(<CountdownButton address="email:a@example.com" onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    expect(screen.getByRole('button').textContent).toBe('Send code');
    expect(screen.getByRole('button')).toHaveProperty('disabled', false);
  });

  it('shows the seconds still to wait when the page is left and opened again', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn().mockResolvedValue(60);
    const page = render(<CountdownButton address="email:a@example.com" onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    for (let i = 0; i < 20; i++) await act(async () => vi.advanceTimersByTime(1000));
    page.unmount();
    await act(async () => vi.advanceTimersByTime(5000));

    render(<CountdownButton address="email:a@example.com" onSend={onSend} />);
    expect(screen.getByRole('button').textContent).toBe('Resend in 35 s');
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
    for (let i = 0; i < 34; i++) await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('Resend in 1 s');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('Send code');
  });

  it('keeps each address its own countdown', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn().mockResolvedValue(60);
    const page = render(<CountdownButton address="email:a@example.com" onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    page.rerender(<CountdownButton address="email:b@example.com" onSend={onSend} />);
    expect(screen.getByRole('button').textContent).toBe('Send code');
    page.rerender(<CountdownButton address="email:a@example.com" onSend={onSend} />);
    expect(screen.getByRole('button').textContent).toBe('Resend in 60 s');
  });

  it("counts down the server's wait when it refuses a code as too soon", async () => {
    vi.useFakeTimers();
    // A code sent from another tab, 48 s ago: the server answers CODE_TOO_SOON, 12 s.
    const onSend = vi.fn().mockResolvedValue(12);
    render(<CountdownButton address="email:a@example.com" onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    expect(screen.getByRole('button').textContent).toBe('Resend in 12 s');
  });

  it('counts down for the address the code went to, even if another was typed meanwhile', async () => {
    vi.useFakeTimers();
    let answer: (seconds: number) => void = () => {};
    const onSend = () => new Promise<number>((resolve) => (answer = resolve));
    const page = render(<CountdownButton address="email:a@example.com" onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    page.rerender(<CountdownButton address="email:b@example.com" onSend={onSend} />);
    await act(async () => answer(60));
    expect(screen.getByRole('button').textContent).toBe('Send code');
    page.rerender(<CountdownButton address="email:a@example.com" onSend={onSend} />);
    expect(screen.getByRole('button').textContent).toBe('Resend in 60 s');
  });
});
