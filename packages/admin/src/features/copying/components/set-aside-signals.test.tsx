// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCopySignal } from '@tradedesk/contract/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, type SentCall } from '../../../testing/render-as-operator.tsx';
import { SetAsideSignals } from './set-aside-signals.tsx';

const signal: AdminCopySignal = {
  id: 5,
  leader_id: 42,
  leader_uid: '800042',
  leader_order_id: 310,
  copy_id: null,
  change: 'open',
  instrument: 'EURUSD',
  attempts: 48,
  last_error: 'AppError: NOT_FOUND',
  created_at: Date.UTC(2026, 10, 2, 12),
  set_aside_at: Date.UTC(2026, 10, 4, 9, 30),
};

/** The server of these tests: one set-aside signal until it is put back. */
function serverWith(rows: AdminCopySignal[]) {
  let aside = rows;
  return (call: SentCall) => {
    if (call.path === '/admin/api/copy/signals/5/retry') {
      aside = [];
      return { code: 1, data: { ...signal, attempts: 0, set_aside_at: null } };
    }
    return { code: 1, data: { data: aside, total: aside.length } };
  };
}

const retries = (calls: SentCall[]) => calls.filter((c) => c.path.endsWith('/retry'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('signals set aside', () => {
  it('lists each with its leader, instrument, change, attempts and last error', async () => {
    const { calls } = renderAsOperator(<SetAsideSignals />, {
      role: 'finance',
      answer: serverWith([signal, { ...signal, id: 6, change: 'stops', copy_id: 9 }]),
    });
    const row = (await screen.findAllByText('UID 800042'))[0]!.closest('tr')!;
    expect(within(row).getByText('EURUSD')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).getByText('48')).toBeTruthy();
    expect(within(row).getByText('AppError: NOT_FOUND')).toBeTruthy();
    expect(within(row).getByText('2026-11-04 09:30:00')).toBeTruthy();
    expect(screen.getByText('TP/SL change')).toBeTruthy();
    expect(screen.getByText('· copy #9')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/admin/api/copy/signals/set_aside?page=1',
    });
    // Finance reads; only support (and the owner) put a signal back.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('puts a signal back only once confirmed, and lists it no more', async () => {
    // The confirmation places itself on resize; jsdom has no layout to observe.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const { calls } = renderAsOperator(<SetAsideSignals />, {
      role: 'support',
      answer: serverWith([signal]),
    });
    const row = (await screen.findByText('AppError: NOT_FOUND')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('tooltip');
    expect(within(dialog).getByText('Retry signal #5?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /cancel/i }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(retries(calls)).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    const again = await screen.findByRole('tooltip');
    fireEvent.click(within(again).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(retries(calls)).toMatchObject([{ method: 'POST', body: {} }]));
    expect(await screen.findByText('No signals set aside')).toBeTruthy();
  });
});
