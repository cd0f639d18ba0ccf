// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REVIEW_STATUSES } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator } from '../../../testing/render-as-operator.tsx';
import { IdentityReview } from './identity-review.tsx';

const waiting: IdentityRow = {
  user_id: 42,
  uid: '800042',
  email: 'trader@example.com',
  mobile: null,
  review_status: REVIEW_STATUSES.waiting,
  name: 'Ana Lima',
  card_id: 'X1234567',
  front_pic: '',
  reverse_pic: '',
  reason: '',
  submitted_at: 1_700_000_000_000,
  reviewed_at: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const approvals = (calls: { path: string }[]) =>
  calls.filter((c) => c.path === '/admin/api/identities/42/approve');

describe('identity review: approving', () => {
  it('asks for confirmation first; cancelling sends nothing', async () => {
    const onDecided = vi.fn();
    const { calls } = renderAsOperator(
      <IdentityReview identity={waiting} onDecided={onDecided} />,
      {
        role: 'compliance',
      },
    );
    fireEvent.click(screen.getByRole('button', { name: /approve/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Approve the identity of 800042/)).toBeTruthy();
    expect(within(dialog).getByText('Ana Lima')).toBeTruthy();
    expect(within(dialog).getByText('X1234567')).toBeTruthy();
    expect(approvals(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: /cancel/i }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(approvals(calls)).toEqual([]);
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('approves once confirmed', async () => {
    const onDecided = vi.fn();
    const { calls } = renderAsOperator(
      <IdentityReview identity={waiting} onDecided={onDecided} />,
      {
        role: 'compliance',
      },
    );
    fireEvent.click(screen.getByRole('button', { name: /approve/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^approve$/i }));
    await waitFor(() => expect(onDecided).toHaveBeenCalledTimes(1));
    expect(approvals(calls)).toMatchObject([{ method: 'POST' }]);
  });
});
