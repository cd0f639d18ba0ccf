// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCopyLeader, AdminLeaderCopy } from '@tradedesk/contract/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, type SentCall } from '../../../testing/render-as-operator.tsx';
import { CopyTradingPage } from './copy-trading-page.tsx';

const leader: AdminCopyLeader = {
  id: 42,
  uid: '800042',
  contact: 'a***@***.com',
  sample: true,
  hidden: false,
  listed: true,
  copyable: false,
  consent_at: Date.UTC(2026, 10, 20, 9, 30),
  running_copies: 2,
  demo_copies: 3,
  stopped_copies: 1,
  aum: 1498.7,
  invested: 1500,
  mirrored: 2,
  skipped: 3,
  waiting_signals: 4,
};

const copyRow: AdminLeaderCopy = {
  id: 9,
  follower_id: 77,
  uid: '800077',
  contact: 'f***@***.com',
  demo: true,
  status: 'active',
  invested: 1000,
  equity: 999.35,
  returned: 0,
  pnl: -0.65,
  mirrored: 1,
  skipped: 1,
  created_at: Date.UTC(2026, 10, 2, 12),
  stopped_at: null,
  stop_reason: null,
};

/** The server of these tests: one leader, one copy, and the leader hidden once asked. */
function answer(call: SentCall) {
  if (call.path.startsWith('/admin/api/copy/leaders/42/copies'))
    return { code: 1, data: { data: [copyRow], total: 1 } };
  if (call.path.startsWith('/admin/api/copy/signals/set_aside'))
    return { code: 1, data: { data: [], total: 0 } };
  if (call.path === '/admin/api/copy/leaders/42/hide')
    return { code: 1, data: { ...leader, hidden: true } };
  return { code: 1, data: { data: [leader], total: 1 } };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hides = (calls: SentCall[]) => calls.filter((c) => c.path.endsWith('/hide'));

describe('copy trading page', () => {
  it('lists leaders with what is copied from them, most assets first', async () => {
    const { calls } = renderAsOperator(<CopyTradingPage />, { role: 'support', answer });
    const row = (await screen.findByText('UID 800042')).closest('tr')!;
    expect(within(row).getByText('Sample trader')).toBeTruthy();
    expect(within(row).getByText('a***@***.com')).toBeTruthy();
    expect(within(row).getByText('1,498.70')).toBeTruthy();
    expect(within(row).getByText('1,500.00')).toBeTruthy();
    expect(within(row).getByText('1 stopped')).toBeTruthy();
    // Demo money apart from the followers; the trader's own choice and since when.
    expect(within(row).getByText('+3 demo')).toBeTruthy();
    expect(within(row).getByText('Listed')).toBeTruthy();
    expect(within(row).getByText('No new copies')).toBeTruthy();
    expect(within(row).getByText(/^Since 2026-11-20/)).toBeTruthy();
    expect(within(row).getByText('2 / 3')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/admin/api/copy/leaders'))).toMatchObject({
      method: 'GET',
      path: '/admin/api/copy/leaders?order=desc&page=1',
    });
  });

  it('asks the server for the least assets first when the column is sorted', async () => {
    const { calls } = renderAsOperator(<CopyTradingPage />, { role: 'support', answer });
    await screen.findByText('UID 800042');
    fireEvent.click(screen.getByText('Assets under copy (USD)'));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe('/admin/api/copy/leaders?order=asc&page=1'),
    );
  });

  it('hides a leader only once confirmed', async () => {
    // The confirmation places itself on resize; jsdom has no layout to observe.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const { calls } = renderAsOperator(<CopyTradingPage />, { role: 'compliance', answer });
    await screen.findByText('UID 800042');
    fireEvent.click(screen.getByRole('switch', { name: /UID 800042/ }));
    const dialog = await screen.findByRole('tooltip');
    expect(within(dialog).getByText('Hide UID 800042 from the ranking?')).toBeTruthy();
    expect(
      within(dialog).getByText('New copies are refused. The 2 running copies go on.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /cancel/i }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hides(calls)).toEqual([]);
    // The switch is no click on the row: no copies were asked for.
    expect(calls.filter((c) => c.path.includes('/copies'))).toEqual([]);

    fireEvent.click(screen.getByRole('switch', { name: /UID 800042/ }));
    const again = await screen.findByRole('tooltip');
    fireEvent.click(within(again).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(hides(calls)).toMatchObject([{ method: 'POST', body: {} }]));
  });

  it('shows the switch read-only to roles that may not hide', async () => {
    const { calls } = renderAsOperator(<CopyTradingPage />, { role: 'finance', answer });
    await screen.findByText('UID 800042');
    const toggle = screen.getByRole('switch', { name: /UID 800042/ }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    fireEvent.click(toggle);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(hides(calls)).toEqual([]);
  });

  it("opens a leader's copies from the row", async () => {
    const { calls } = renderAsOperator(<CopyTradingPage />, { role: 'support', answer });
    fireEvent.click(await screen.findByText('UID 800042'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Copies of UID 800042')).toBeTruthy();
    await within(drawer).findByText('f***@***.com');
    expect(within(drawer).getByText('Demo')).toBeTruthy();
    expect(within(drawer).getByText('Copying')).toBeTruthy();
    expect(within(drawer).getByText('999.35')).toBeTruthy();
    expect(within(drawer).getByText('-0.65')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: '/admin/api/copy/leaders/42/copies?page=1' });
  });
});
