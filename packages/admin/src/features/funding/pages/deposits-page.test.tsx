// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEPOSIT_STATUSES, DEPOSIT_TYPES, RESULT_CODES } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
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
import { DepositsPage } from './deposits-page.tsx';

/** The queue's endpoint. */
const DESK = '/admin/api/deposits';

withReviewScreen();

function deposit(id: number, uid: string, changes: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    id,
    user_id: 40 + id,
    uid,
    email: `${uid}@example.com`,
    mobile: null,
    type: DEPOSIT_TYPES.coin,
    currency_code: 'BTC',
    protocol_code: 'BTC',
    destination: 'bc1qdeskaddress',
    number: 0.5,
    price_usd: '62500',
    credit: '31250',
    // No upload URL: the review shows no image to fetch.
    proof_img: '',
    duplicates: [],
    status: DEPOSIT_STATUSES.unchecked,
    remark: '',
    created_at: Date.UTC(2026, 10, 2, 12),
    reviewed_at: null,
    reviewer: null,
    needs_second: false,
    first_approval: null,
    timeline: [{ step: 'submitted', at: '2026-11-02 12:00:00', note: '' }],
    ...changes,
  };
}

const DECIDED = {
  approve: DEPOSIT_STATUSES.finished,
  reject: DEPOSIT_STATUSES.rejected,
  invalid: DEPOSIT_STATUSES.invalid,
} as const;

/** The deposits of each status; a decision moves one out of the queue with its remark. */
const depositDesk = (rows: AdminDeposit[], refuse?: Refuse) =>
  reviewDesk({
    path: DESK,
    rows,
    idOf: (row) => row.id,
    statusOf: (row) => row.status,
    decide(row, decision, body) {
      const to = DECIDED[decision as keyof typeof DECIDED] as
        | (typeof DECIDED)[keyof typeof DECIDED]
        | undefined;
      if (to === undefined) throw new Error(`unexpected decision ${decision}`);
      row.status = to;
      row.remark = (body.remark as string | undefined) ?? '';
    },
    refuse,
  });

/** Opens a row's review and waits for it. */
async function openRow(uid: string) {
  fireEvent.click(await screen.findByText(uid));
  return screen.findByTestId('deposit-review');
}

describe('deposits page', () => {
  it('lists the unchecked deposits, oldest first, with the credit and a reused proof', async () => {
    const { calls } = renderAsOperator(<DepositsPage />, {
      role: 'finance',
      answer: depositDesk([
        deposit(1, '800041'),
        deposit(2, '800042', { duplicates: [1], credit: '1250.5' }),
        deposit(3, '800043', { status: DEPOSIT_STATUSES.finished }),
      ]),
    });
    const rows = await screen.findAllByTestId('deposit-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('800041')).toBeTruthy();
    expect(within(rows[0]!).getByText('0.5 BTC')).toBeTruthy();
    expect(within(rows[0]!).getByText('31250.000000')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('deposit-duplicates').textContent).toBe('same image as #1');
    expect(screen.getByText('2 deposits')).toBeTruthy();
    expect(listCalls(calls, DESK)[0]).toMatchObject({
      method: 'GET',
      path: '/admin/api/deposits?status=0&page=1',
    });
  });

  it('approves a deposit once confirmed: it leaves the queue and the next one opens', async () => {
    const { calls } = renderAsOperator(<DepositsPage />, {
      role: 'finance',
      answer: depositDesk([deposit(1, '800041'), deposit(2, '800042')]),
    });
    const review = await openRow('800041');
    fireEvent.click(within(review).getByTestId('deposit-approve'));
    const dialog = await dialogTitled('Approve deposit #1?');
    expect(within(dialog).getByText(/is credited/).textContent).toContain(
      '800041’s balance is credited 31250.000000 USD for 0.5 BTC at 62500 USD each.',
    );
    expect(decisions(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('deposit-confirm'));

    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(1));
    expect(decisions(calls)).toEqual([
      { method: 'POST', path: '/admin/api/deposits/1/approve', body: {} },
    ]);
    expect(await screen.findByText('Deposit #1 approved and credited')).toBeTruthy();
    expect(screen.queryByText('800041')).toBeNull();
    // The queue moves on: the next deposit of the page is under review.
    expect(await screen.findByText('Deposit #2 of 800042')).toBeTruthy();
  });

  it('rejects a deposit with the remark the trader reads', async () => {
    const { calls } = renderAsOperator(<DepositsPage />, {
      role: 'finance',
      answer: depositDesk([deposit(1, '800041')]),
    });
    const review = await openRow('800041');
    fireEvent.click(within(review).getByTestId('deposit-reject'));
    fireEvent.change(await screen.findByTestId('deposit-remark'), {
      target: { value: '  The transfer never arrived.  ' },
    });
    fireEvent.click(screen.getByTestId('deposit-confirm'));

    await waitFor(() => expect(screen.queryAllByTestId('deposit-row')).toHaveLength(0));
    expect(decisions(calls)).toEqual([
      {
        method: 'POST',
        path: '/admin/api/deposits/1/reject',
        body: { remark: 'The transfer never arrived.' },
      },
    ]);
    expect(await screen.findByText('Deposit #1 rejected')).toBeTruthy();
  });

  it('marks a deposit invalid with its remark: nothing is credited, it leaves the queue', async () => {
    const { calls } = renderAsOperator(<DepositsPage />, {
      role: 'finance',
      answer: depositDesk([deposit(1, '800041'), deposit(2, '800042', { duplicates: [1] })]),
    });
    const review = await openRow('800042');
    expect(within(review).getByTestId('deposit-duplicates-alert')).toBeTruthy();
    fireEvent.click(within(review).getByTestId('deposit-invalid'));
    fireEvent.change(await screen.findByTestId('deposit-remark'), {
      target: { value: 'The same proof was sent with deposit #1.' },
    });
    fireEvent.click(screen.getByTestId('deposit-confirm'));

    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(1));
    expect(decisions(calls)).toEqual([
      {
        method: 'POST',
        path: '/admin/api/deposits/2/invalid',
        body: { remark: 'The same proof was sent with deposit #1.' },
      },
    ]);
    expect(await screen.findByText('Deposit #2 marked invalid')).toBeTruthy();
  });

  it("shows the server's refusal and reads the queue again", async () => {
    const gone = RESULT_CODES.DEPOSIT_NOT_UNCHECKED.code;
    const { calls } = renderAsOperator(<DepositsPage />, {
      role: 'finance',
      answer: depositDesk([deposit(1, '800041')], (call) =>
        call.path.endsWith('/approve')
          ? { code: gone, msg: 'This deposit has already been decided' }
          : undefined,
      ),
    });
    const review = await openRow('800041');
    const readsBefore = listCalls(calls, DESK).length;
    fireEvent.click(within(review).getByTestId('deposit-approve'));
    fireEvent.click(await screen.findByTestId('deposit-confirm'));

    expect(await screen.findByText('This deposit has already been decided')).toBeTruthy();
    // Most likely someone else decided it meanwhile: the queue is read again.
    await waitFor(() => expect(listCalls(calls, DESK).length).toBeGreaterThan(readsBefore));
    expect(screen.queryByText('Deposit #1 approved and credited')).toBeNull();
  });

  it('says beside the buttons that the first approver may not give the second', async () => {
    const { calls } = renderAsOperator(<DepositsPage />, {
      role: 'finance',
      answer: depositDesk(
        [
          deposit(1, '800041', {
            needs_second: true,
            first_approval: { operator: 'other@ops.example.com', at: Date.UTC(2026, 10, 2, 13) },
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
    const review = await openRow('800041');
    expect(within(review).getByTestId('deposit-four-eyes')).toBeTruthy();
    fireEvent.click(within(review).getByTestId('deposit-approve'));
    fireEvent.click(await screen.findByTestId('deposit-confirm'));

    const refusal = await within(review).findByTestId('deposit-error');
    expect(refusal.textContent).toBe('Another operator must give the second approval');
    expect(decisions(calls)).toHaveLength(1);
    // The deposit stays in the queue, still waiting for its second approval.
    expect(screen.getAllByTestId('deposit-row')).toHaveLength(1);
  });
});
