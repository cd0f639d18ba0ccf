// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DRAW_TYPES, RESULT_CODES, WITHDRAWAL_STATUSES } from '@tradedesk/contract';
import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../../testing/render-as-operator.tsx';
import {
  decisions,
  dialogTitled,
  listCalls,
  type Refuse,
  reviewDesk,
  withReviewScreen,
} from '../../../testing/review-desk.ts';
import { WithdrawalsPage } from './withdrawals-page.tsx';

/** The queue's endpoint. */
const DESK = '/admin/api/withdrawals';

withReviewScreen();

function withdrawal(
  id: number,
  uid: string,
  changes: Partial<AdminWithdrawal> = {},
): AdminWithdrawal {
  return {
    id,
    user_id: 40 + id,
    uid,
    email: `${uid}@example.com`,
    mobile: null,
    type: DRAW_TYPES.coin,
    currency_code: 'USDT',
    protocol: 'TRC20',
    number: '500',
    fee: '5',
    real_number: '495',
    destination: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    payee_name: '',
    memo: '',
    status: WITHDRAWAL_STATUSES.reviewing,
    needs_second: false,
    approvals: [],
    reason: '',
    reference: '',
    created_at: Date.UTC(2026, 10, 2, 12),
    timeline: [{ step: 'submitted', at: '2026-11-02 12:00:00', note: '' }],
    ...changes,
  };
}

const DECIDED = {
  approve: WITHDRAWAL_STATUSES.approved,
  reject: WITHDRAWAL_STATUSES.rejected,
  paid: WITHDRAWAL_STATUSES.paid,
} as const;

/** The withdrawals of each status; a decision moves one on. */
const withdrawalDesk = (rows: AdminWithdrawal[], refuse?: Refuse) =>
  reviewDesk({
    path: DESK,
    rows,
    idOf: (row) => row.id,
    statusOf: (row) => row.status,
    decide(row, decision) {
      const to = DECIDED[decision as keyof typeof DECIDED] as
        | (typeof DECIDED)[keyof typeof DECIDED]
        | undefined;
      if (to === undefined) throw new Error(`unexpected decision ${decision}`);
      row.status = to;
    },
    refuse,
  });

/** Opens a row's review and waits for it. */
async function openRow(uid: string) {
  fireEvent.click(await screen.findByText(uid));
  return screen.findByTestId('withdrawal-review');
}

describe('withdrawals page', () => {
  it('lists the withdrawals to review with what to send and where', async () => {
    const { calls } = renderAsOperator(<WithdrawalsPage />, {
      role: 'finance',
      answer: withdrawalDesk([
        withdrawal(1, '800041'),
        withdrawal(2, '800042', { needs_second: true }),
        withdrawal(3, '800043', { status: WITHDRAWAL_STATUSES.paid }),
      ]),
    });
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('800041')).toBeTruthy();
    expect(within(rows[0]!).getByText('500.000000')).toBeTruthy();
    expect(within(rows[0]!).getByText('495 USDT')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('withdrawal-four-eyes')).toBeTruthy();
    expect(screen.getByText('2 withdrawals to review')).toBeTruthy();
    expect(listCalls(calls, DESK)[0]).toMatchObject({
      method: 'GET',
      path: '/admin/api/withdrawals?status=0&page=1',
    });
  });

  it('approves a withdrawal once confirmed: it leaves the queue and the next one opens', async () => {
    const { calls } = renderAsOperator(<WithdrawalsPage />, {
      role: 'finance',
      answer: withdrawalDesk([withdrawal(1, '800041'), withdrawal(2, '800042')]),
    });
    const review = await openRow('800041');
    fireEvent.click(within(review).getByTestId('withdrawal-approve'));
    const dialog = await dialogTitled('Approve: withdrawal #1');
    expect(within(dialog).getByText('495 USDT')).toBeTruthy();
    expect(decisions(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('withdrawal-confirm'));

    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(1));
    expect(decisions(calls)).toEqual([
      { method: 'POST', path: '/admin/api/withdrawals/1/approve', body: {} },
    ]);
    expect(await screen.findByText('Withdrawal #1 approved')).toBeTruthy();
    expect(await screen.findByText('Withdrawal #2 of 800042')).toBeTruthy();
  });

  it('rejects a withdrawal with the reason the trader reads', async () => {
    const { calls } = renderAsOperator(<WithdrawalsPage />, {
      role: 'finance',
      answer: withdrawalDesk([withdrawal(1, '800041')]),
    });
    const review = await openRow('800041');
    fireEvent.click(within(review).getByTestId('withdrawal-reject'));
    fireEvent.change(await screen.findByTestId('withdrawal-reason'), {
      target: { value: 'The address belongs to another person.' },
    });
    fireEvent.click(screen.getByTestId('withdrawal-confirm'));

    await waitFor(() => expect(screen.queryAllByTestId('withdrawal-row')).toHaveLength(0));
    expect(decisions(calls)).toEqual([
      {
        method: 'POST',
        path: '/admin/api/withdrawals/1/reject',
        body: { reason: 'The address belongs to another person.' },
      },
    ]);
    expect(await screen.findByText('Withdrawal #1 rejected, the amount returned')).toBeTruthy();
  });

  it('records the transfer of an approved withdrawal from the to-pay queue', async () => {
    const { calls } = renderAsOperator(<WithdrawalsPage />, {
      role: 'finance',
      answer: withdrawalDesk([
        withdrawal(1, '800041'),
        withdrawal(2, '800042', { status: WITHDRAWAL_STATUSES.approved }),
      ]),
    });
    await screen.findByText('800041');
    fireEvent.click(screen.getByText('Approved, to pay'));
    await waitFor(() =>
      expect(listCalls(calls, DESK).at(-1)?.path).toBe('/admin/api/withdrawals?status=2&page=1'),
    );
    const review = await openRow('800042');
    // Approved: the money has left the account, only the transfer remains to record.
    expect(within(review).queryByTestId('withdrawal-approve')).toBeNull();
    fireEvent.click(within(review).getByTestId('withdrawal-paid'));
    fireEvent.change(await screen.findByTestId('withdrawal-reference'), {
      target: { value: 'a3f9c1d2e4b5' },
    });
    fireEvent.click(screen.getByTestId('withdrawal-confirm'));

    await waitFor(() => expect(screen.queryAllByTestId('withdrawal-row')).toHaveLength(0));
    expect(decisions(calls)).toEqual([
      {
        method: 'POST',
        path: '/admin/api/withdrawals/2/paid',
        body: { reference: 'a3f9c1d2e4b5' },
      },
    ]);
    expect(await screen.findByText('Withdrawal #2 recorded as paid')).toBeTruthy();
  });

  it("shows the server's refusal and reads the queue again", async () => {
    const { calls } = renderAsOperator(<WithdrawalsPage />, {
      role: 'finance',
      answer: withdrawalDesk([withdrawal(1, '800041')], (call) =>
        call.path.endsWith('/reject')
          ? {
              code: RESULT_CODES.WITHDRAWAL_STATE.code,
              msg: 'This withdrawal has already been decided',
            }
          : undefined,
      ),
    });
    const review = await openRow('800041');
    const readsBefore = listCalls(calls, DESK).length;
    fireEvent.click(within(review).getByTestId('withdrawal-reject'));
    fireEvent.change(await screen.findByTestId('withdrawal-reason'), {
      target: { value: 'Unknown address.' },
    });
    fireEvent.click(screen.getByTestId('withdrawal-confirm'));

    expect(await screen.findByText('This withdrawal has already been decided')).toBeTruthy();
    await waitFor(() => expect(listCalls(calls, DESK).length).toBeGreaterThan(readsBefore));
    expect(screen.queryByText('Withdrawal #1 rejected, the amount returned')).toBeNull();
  });

  it('warns the first approver, and shows the four-eyes refusal beside the buttons', async () => {
    const { calls } = renderAsOperator(<WithdrawalsPage />, {
      role: 'finance',
      answer: withdrawalDesk(
        [
          withdrawal(1, '800041', {
            status: WITHDRAWAL_STATUSES.secondApproval,
            needs_second: true,
            approvals: [{ operator: 'finance@ops.example.com', at: Date.UTC(2026, 10, 2, 13) }],
          }),
        ],
        (call) =>
          call.path.endsWith('/approve')
            ? {
                code: RESULT_CODES.FOUR_EYES_REQUIRED.code,
                msg: 'Another operator must give the second approval',
              }
            : undefined,
      ),
    });
    fireEvent.click(screen.getByText('Second approval'));
    const review = await openRow('800041');
    expect(
      within(review).getByText(
        'You gave the first approval: another operator must give the second.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(review).getByTestId('withdrawal-approve'));
    fireEvent.click(await screen.findByTestId('withdrawal-confirm'));

    const refusal = await within(review).findByTestId('withdrawal-error');
    expect(refusal.textContent).toBe('Another operator must give the second approval');
    expect(decisions(calls)).toHaveLength(1);
    expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(1);
  });
});
