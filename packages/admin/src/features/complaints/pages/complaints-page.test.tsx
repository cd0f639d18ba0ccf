// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COMPLAINT_STATUSES, RESULT_CODES } from '@tradedesk/contract';
import type { AdminComplaint } from '@tradedesk/contract/admin';
import { describe, expect, it } from 'vitest';
import { renderAsOperator, type SentCall } from '../../../testing/render-as-operator.tsx';
import { withReviewScreen } from '../../../testing/review-desk.ts';
import { ComplaintsPage } from './complaints-page.tsx';

// The texts' "more" measures itself on resize; jsdom has no layout to observe.
withReviewScreen();

const received: AdminComplaint = {
  id: 7,
  user_id: 42,
  uid: '800042',
  email: 'ann@example.com',
  mobile: null,
  subject: 'Slow withdrawal',
  message: 'My withdrawal has waited for two days.',
  status: 0,
  created_at: Date.UTC(2026, 10, 2, 12),
  handled_at: null,
  handled_by: null,
  answer: null,
  answered_at: null,
  answered_by: null,
};

const answers = (calls: SentCall[]) =>
  calls.filter((c) => c.path === '/admin/api/complaints/7/answer');

describe('complaints page', () => {
  it('answers a complaint: the text goes to the answer call', async () => {
    const { calls } = renderAsOperator(<ComplaintsPage />, {
      role: 'support',
      answer: (call) =>
        call.path.startsWith('/admin/api/complaints?')
          ? { code: 1, data: { data: [received], total: 1 } }
          : { code: 1, data: { ...received, status: 1, answer: 'Paid today.' } },
    });
    fireEvent.click(await screen.findByTestId('answer-complaint-7'));
    // The complaint is quoted in the dialog, so the answer is written against it.
    expect((await screen.findAllByText('My withdrawal has waited for two days.')).length).toBe(2);
    fireEvent.change(screen.getByTestId('answer-complaint-text'), {
      target: { value: '  It was paid this morning, reference TRX-7f3a9c.  ' },
    });
    fireEvent.click(screen.getByTestId('answer-complaint-send'));
    await waitFor(() => expect(answers(calls)).toHaveLength(1));
    expect(answers(calls)[0]).toEqual({
      method: 'POST',
      path: '/admin/api/complaints/7/answer',
      body: { answer: 'It was paid this morning, reference TRX-7f3a9c.' },
    });
  });

  it('sends no empty answer', async () => {
    const { calls } = renderAsOperator(<ComplaintsPage />, {
      role: 'support',
      answer: () => ({ code: 1, data: { data: [received], total: 1 } }),
    });
    fireEvent.click(await screen.findByTestId('answer-complaint-7'));
    fireEvent.change(await screen.findByTestId('answer-complaint-text'), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByTestId('answer-complaint-send'));
    expect(await screen.findByText('Write the answer')).toBeTruthy();
    expect(answers(calls)).toEqual([]);
  });

  it('shows an answered complaint with its answer, who wrote it and when', async () => {
    const answered: AdminComplaint = {
      ...received,
      status: 1,
      handled_at: Date.UTC(2026, 10, 3, 9, 30),
      handled_by: 'desk@example.com',
      answer: 'It was paid this morning.',
      answered_at: Date.UTC(2026, 10, 3, 9, 30),
      answered_by: 'desk@example.com',
    };
    renderAsOperator(<ComplaintsPage />, {
      role: 'support',
      answer: () => ({ code: 1, data: { data: [answered], total: 1 } }),
    });
    const shown = await screen.findByTestId('complaint-answer-7');
    expect(shown.textContent).toContain('It was paid this morning.');
    expect(shown.textContent).toContain('desk@example.com');
    expect(shown.textContent).toContain('2026-11-03 09:30');
    // One answer per complaint: no second one offered.
    expect(screen.queryByTestId('answer-complaint-7')).toBeNull();
  });
});

/**
 * The server of the queue tests: the complaints of each status; marking one handled moves it
 * out of the received queue — unless `refuse` answers the call first.
 */
function complaintDesk(
  rows: AdminComplaint[],
  refuse?: (call: SentCall) => { code: number; msg: string } | undefined,
) {
  return (call: SentCall) => {
    const refusal = refuse?.(call);
    if (refusal) return refusal;
    const list = /^\/admin\/api\/complaints\?(.*)$/.exec(call.path);
    if (list) {
      const status = Number(new URLSearchParams(list[1]).get('status'));
      const data = rows.filter((row) => row.status === status);
      return { code: 1, data: { data, total: data.length } };
    }
    const handled = /^\/admin\/api\/complaints\/(\d+)\/handled$/.exec(call.path);
    const row = rows.find((r) => r.id === Number(handled?.[1]));
    if (!row) throw new Error(`unexpected call ${call.method} ${call.path}`);
    row.status = COMPLAINT_STATUSES.handled;
    row.handled_at = Date.UTC(2026, 10, 3, 9, 30);
    row.handled_by = 'support@ops.example.com';
    return { code: 1, data: row };
  };
}

const handles = (calls: SentCall[]) => calls.filter((c) => c.path.endsWith('/handled'));

describe('complaints queue', () => {
  it('lists the received complaints with their trader', async () => {
    const { calls } = renderAsOperator(<ComplaintsPage />, {
      role: 'support',
      answer: complaintDesk([
        { ...received },
        { ...received, id: 8, subject: 'Spread too wide', status: COMPLAINT_STATUSES.handled },
      ]),
    });
    expect(await screen.findByText('Slow withdrawal')).toBeTruthy();
    expect(screen.getByText('UID 800042')).toBeTruthy();
    expect(screen.queryByText('Spread too wide')).toBeNull();
    expect(screen.getByText('1 complaints')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/admin/api/complaints?status=0&page=1',
    });
  });

  it('marks a complaint handled once confirmed: it leaves the received queue', async () => {
    const { calls } = renderAsOperator(<ComplaintsPage />, {
      role: 'support',
      answer: complaintDesk([{ ...received }]),
    });
    fireEvent.click(await screen.findByTestId('handle-complaint-7'));
    const confirm = await screen.findByRole('tooltip');
    expect(handles(calls)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark handled' }));

    await waitFor(() => expect(screen.queryByText('Slow withdrawal')).toBeNull());
    expect(handles(calls)).toEqual([
      { method: 'POST', path: '/admin/api/complaints/7/handled', body: {} },
    ]);
    // The handled queue has it, with who handled it.
    fireEvent.click(screen.getByText('Handled'));
    expect(await screen.findByText('Slow withdrawal')).toBeTruthy();
    expect(screen.getByText('by support@ops.example.com')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    const { calls } = renderAsOperator(<ComplaintsPage />, {
      role: 'support',
      answer: complaintDesk([{ ...received }], (call) =>
        call.path.endsWith('/handled')
          ? {
              code: RESULT_CODES.COMPLAINT_ALREADY_HANDLED.code,
              msg: 'This complaint has already been handled',
            }
          : undefined,
      ),
    });
    fireEvent.click(await screen.findByTestId('handle-complaint-7'));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark handled' }));

    expect(await screen.findByText('This complaint has already been handled')).toBeTruthy();
    expect(handles(calls)).toHaveLength(1);
  });
});
