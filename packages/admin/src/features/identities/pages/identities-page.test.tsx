// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RESULT_CODES, REVIEW_STATUSES } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
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
import { IdentitiesPage } from './identities-page.tsx';

/** The queue's endpoint. */
const DESK = '/admin/api/identities';

withReviewScreen();

function identity(userId: number, name: string, changes: Partial<IdentityRow> = {}): IdentityRow {
  return {
    user_id: userId,
    uid: `8000${userId}`,
    email: `trader${userId}@example.com`,
    mobile: null,
    review_status: REVIEW_STATUSES.waiting,
    name,
    card_id: `X${userId}34567`,
    // No upload URLs: the review shows no image to fetch.
    front_pic: '',
    reverse_pic: '',
    reason: '',
    submitted_at: Date.UTC(2026, 10, 2, 12),
    reviewed_at: null,
    ...changes,
  };
}

/**
 * The submissions of each status; approving verifies the trader, rejecting sends them back
 * with the reason.
 */
const identityDesk = (rows: IdentityRow[], refuse?: Refuse) =>
  reviewDesk({
    path: DESK,
    rows,
    idOf: (row) => row.user_id,
    statusOf: (row) => row.review_status,
    decide(row, decision, body) {
      if (decision !== 'approve' && decision !== 'reject')
        throw new Error(`unexpected decision ${decision}`);
      row.review_status =
        decision === 'approve' ? REVIEW_STATUSES.finished : REVIEW_STATUSES.notSubmitted;
      row.reason = (body.reason as string | undefined) ?? '';
      row.reviewed_at = Date.UTC(2026, 10, 3, 9);
    },
    refuse,
  });

/** Opens a row's review and waits for it. */
async function openRow(uid: string) {
  fireEvent.click(await screen.findByText(uid));
  return dialogTitled(`Identity of ${uid}`);
}

describe('identities page', () => {
  it('lists the submissions waiting for review, with the name and card id typed', async () => {
    const { calls } = renderAsOperator(<IdentitiesPage />, {
      role: 'compliance',
      answer: identityDesk([
        identity(41, 'Ana Lima'),
        identity(42, 'Ben Okafor'),
        identity(43, 'Chen Wei', { review_status: REVIEW_STATUSES.finished }),
      ]),
    });
    const rows = await screen.findAllByTestId('identity-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('800041')).toBeTruthy();
    expect(within(rows[0]!).getByText('Ana Lima')).toBeTruthy();
    expect(within(rows[0]!).getByText('X4134567')).toBeTruthy();
    expect(within(rows[1]!).getByText('Ben Okafor')).toBeTruthy();
    expect(screen.queryByText('Chen Wei')).toBeNull();
    expect(screen.getByText('2 submissions')).toBeTruthy();
    expect(listCalls(calls, DESK)[0]).toMatchObject({
      method: 'GET',
      path: '/admin/api/identities?status=1&page=1',
    });
  });

  it('approves a submission once confirmed: it leaves the queue and the next one opens', async () => {
    const { calls } = renderAsOperator(<IdentitiesPage />, {
      role: 'compliance',
      answer: identityDesk([identity(41, 'Ana Lima'), identity(42, 'Ben Okafor')]),
    });
    const review = await openRow('800041');
    fireEvent.click(within(review).getByRole('button', { name: 'Approve…' }));
    const dialog = await dialogTitled('Approve the identity of 800041?');
    expect(decisions(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: /^approve$/i }));

    await waitFor(() => expect(screen.getAllByTestId('identity-row')).toHaveLength(1));
    expect(decisions(calls)).toEqual([
      { method: 'POST', path: '/admin/api/identities/41/approve', body: {} },
    ]);
    expect(await screen.findByText('Identity of 800041 approved')).toBeTruthy();
    expect(await screen.findByText('Identity of 800042')).toBeTruthy();
  });

  it('rejects a submission with the reason the trader reads', async () => {
    const { calls } = renderAsOperator(<IdentitiesPage />, {
      role: 'compliance',
      answer: identityDesk([identity(41, 'Ana Lima')]),
    });
    const review = await openRow('800041');
    fireEvent.click(within(review).getByRole('button', { name: 'Reject…' }));
    const dialog = await dialogTitled('Reject the identity of 800041');
    fireEvent.change(within(dialog).getByLabelText('Reason shown to the trader'), {
      target: { value: '  The photo of the back side is blurred.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /^reject$/i }));

    await waitFor(() => expect(screen.queryAllByTestId('identity-row')).toHaveLength(0));
    expect(decisions(calls)).toEqual([
      {
        method: 'POST',
        path: '/admin/api/identities/41/reject',
        body: { reason: 'The photo of the back side is blurred.' },
      },
    ]);
    expect(await screen.findByText('Identity of 800041 rejected')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the review open", async () => {
    const { calls } = renderAsOperator(<IdentitiesPage />, {
      role: 'compliance',
      answer: identityDesk([identity(41, 'Ana Lima')], (call) =>
        call.path.endsWith('/approve')
          ? {
              code: RESULT_CODES.IDENTITY_NOT_WAITING.code,
              msg: 'This identity is no longer waiting for review',
            }
          : undefined,
      ),
    });
    const review = await openRow('800041');
    fireEvent.click(within(review).getByRole('button', { name: 'Approve…' }));
    const dialog = await dialogTitled('Approve the identity of 800041?');
    fireEvent.click(within(dialog).getByRole('button', { name: /^approve$/i }));

    expect(await screen.findByText('This identity is no longer waiting for review')).toBeTruthy();
    expect(decisions(calls)).toHaveLength(1);
    expect(screen.queryByText('Identity of 800041 approved')).toBeNull();
    expect(screen.getAllByTestId('identity-row')).toHaveLength(1);
  });
});
