// @vitest-environment jsdom

import { cleanup, screen, within } from '@testing-library/react';
import type { AdminLedgerRow, AdminUserDetail } from '@tradedesk/contract/admin';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator } from '../../../testing/render-as-operator.tsx';
import { UserDetailPage } from './user-detail-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (fields: Partial<AdminLedgerRow> & Pick<AdminLedgerRow, 'Id'>): AdminLedgerRow => ({
  Value: 0,
  Balance: 400,
  MemoTran: 'Deposit',
  CreatedAtTran: '2026-11-02 12:00:00',
  withdrawal_payout: false,
  paid_at: null,
  ...fields,
});

function detail(user: Partial<AdminUserDetail['user']>, ledger: AdminLedgerRow[] = []) {
  const data: AdminUserDetail = {
    user: {
      id: 42,
      uid: '800042',
      email: 'ann@example.com',
      mobile: null,
      area_id: null,
      is_demo: 0,
      credit_score: 100,
      invite_code: 'ABC123',
      disabled: false,
      created_at: Date.UTC(2026, 10, 1),
      balance: 400,
      lock_balance: 0,
      review_status: 0,
      ...user,
    },
    orders: [],
    ledger: { data: ledger, total: ledger.length },
    identity: {
      review_status: 0,
      name: '',
      card_id: '',
      front_pic: '',
      reverse_pic: '',
      reason: '',
      submitted_at: null,
    },
    invitees: [],
  };
  return data;
}

function renderUser(data: AdminUserDetail) {
  return renderAsOperator(
    <Routes>
      <Route path="/users/:id" element={<UserDetailPage />} />
    </Routes>,
    {
      role: 'support',
      at: `/users/${data.user.id}`,
      answer: (call) =>
        call.path.startsWith('/admin/api/users/42') ? { code: 1, data } : { code: 1 },
    },
  );
}

describe('the user page', () => {
  it("shows a withdrawal's paid-out row at its payment, the approval under it", async () => {
    renderUser(
      detail({}, [
        row({
          Id: 3,
          MemoTran: 'Withdrawal paid out of the held amount',
          CreatedAtTran: '2026-11-03 13:00:00',
          withdrawal_payout: true,
          paid_at: '2026-11-03 16:00:00',
        }),
        row({
          Id: 4,
          MemoTran: 'Withdrawal paid out of the held amount',
          CreatedAtTran: '2026-11-04 09:00:00',
          withdrawal_payout: true,
          paid_at: null,
        }),
        row({ Id: 1, CreatedAtTran: '2026-11-02 12:00:00' }),
      ]),
    );
    const paid = await screen.findByTestId('ledger-paid-3');
    expect(paid.textContent).toBe('Paid 2026-11-03 16:00:00Approved 2026-11-03 13:00:00');
    expect(screen.getByTestId('ledger-paid-4').textContent).toBe(
      'Not paid yetApproved 2026-11-04 09:00:00',
    );
    // Other rows keep their own time.
    expect(screen.getByText('2026-11-02 12:00:00')).toBeTruthy();
  });

  it("says a demo account's balance is virtual", async () => {
    renderUser(detail({ is_demo: 1, balance: 100000 }));
    expect(await screen.findByText('Demo balance (virtual USD)')).toBeTruthy();
    expect(screen.queryByText('Balance (USD)')).toBeNull();
  });

  it("labels a real account's balance plainly", async () => {
    renderUser(detail({}));
    expect(await screen.findByText('Balance (USD)')).toBeTruthy();
    expect(screen.queryByText(/virtual/)).toBeNull();
  });

  it('shows one id, the UID the trader sees', async () => {
    renderUser(detail({}));
    const profile = (await screen.findByText('Profile')).closest('.ant-card') as HTMLElement;
    expect(within(profile).getByText('UID')).toBeTruthy();
    expect(within(profile).getByText('800042')).toBeTruthy();
    // The database id appears nowhere on the page.
    expect(within(profile).queryByText('User id')).toBeNull();
    expect(within(profile).queryByText('42')).toBeNull();
  });
});
