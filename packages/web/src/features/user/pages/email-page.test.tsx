import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Complaint } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { loadToast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { complaintFormProblem } from '../components/complaint-form.tsx';
import { EmailPage } from './email-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

let complaintEmail = 'complaints@example.com';
/** The trader's own complaints as the server lists them. */
let mine: Complaint[] = [];
const sent: unknown[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url.startsWith('/api/basicSet/getBasicInfo'))
    return Response.json({ code: 1, msg: 'ok', data: { complaint_email: complaintEmail } });
  if (url.startsWith('/api/user/complaint_list'))
    return Response.json({ code: 1, msg: 'ok', data: { data: mine, total: mine.length } });
  if (url.startsWith('/api/user/complaint')) {
    sent.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
    return Response.json({
      code: 1,
      msg: 'Your complaint has been sent',
      data: {
        id: 1,
        subject: 's',
        message: 'm',
        status: 0,
        created_at: '2026-11-02 12:00:00',
        answer: null,
        answered_at: null,
      },
    });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mine/email']}>
        <EmailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toasts = () =>
  vi.mocked(Toast.show).mock.calls.map(([p]) => (typeof p === 'string' ? p : String(p.content)));

beforeAll(async () => {
  // The Toast loads on first use; load it (the mock above) now so that a call shows at once.
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'session-token', user: null });
  sent.length = 0;
  mine = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
});

describe('complaintFormProblem', () => {
  it('asks for both fields, then for ten characters of message', () => {
    expect(complaintFormProblem('', 'A long enough message')).toBe('public.input_full');
    expect(complaintFormProblem('Subject', '   ')).toBe('public.input_full');
    expect(complaintFormProblem('Subject', 'Too short')).toBe('complaint.too_short');
    expect(complaintFormProblem('Subject', '十個字的投訴內容在此')).toBeNull();
  });
});

describe('EmailPage', () => {
  it('shows the complaint address with copy and a mailto link', async () => {
    renderPage();
    expect((await screen.findByTestId('complaint-email')).textContent).toBe(
      'complaints@example.com',
    );
    expect(screen.getByTestId('complaint-mailto').getAttribute('href')).toBe(
      'mailto:complaints@example.com',
    );
  });

  it('says so when no address is set', async () => {
    complaintEmail = '';
    renderPage();
    expect(await screen.findByText('No complaint address has been set yet')).toBeDefined();
    expect(screen.queryByTestId('complaint-mailto')).toBeNull();
    complaintEmail = 'complaints@example.com';
  });

  it('refuses a short message here, sends a complete one and clears the form', async () => {
    renderPage();
    const subject = (await screen.findByTestId('complaint-subject')).querySelector('input')!;
    const message = screen.getByTestId('complaint-message').querySelector('textarea')!;
    fireEvent.change(subject, { target: { value: 'Slow withdrawal' } });
    fireEvent.change(message, { target: { value: 'Too short' } });
    fireEvent.click(screen.getByTestId('complaint-send'));
    expect(toasts()).toEqual(['Please describe the problem in at least 10 characters']);
    expect(sent).toEqual([]);

    fireEvent.change(message, { target: { value: 'My withdrawal has waited for two days.' } });
    fireEvent.click(screen.getByTestId('complaint-send'));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        { subject: 'Slow withdrawal', message: 'My withdrawal has waited for two days.' },
      ]),
    );
    await vi.waitFor(() => expect(subject.value).toBe(''));
    expect(message.value).toBe('');
  });
});

describe('my complaints', () => {
  const received: Complaint = {
    id: 3,
    subject: 'Slow withdrawal',
    message: 'My withdrawal has waited for two days.',
    status: 0,
    created_at: '2026-11-02 12:00:00',
    answer: null,
    answered_at: null,
  };

  it("shows the support desk's answer and when it came, under the complaint", async () => {
    mine = [
      {
        ...received,
        status: 1,
        answer: 'It was paid this morning.\nReference TRX-7f3a9c.',
        answered_at: '2026-11-03 09:30:00',
      },
    ];
    renderPage();
    const answer = await screen.findByTestId('complaint-answer');
    expect(answer.textContent).toContain('Reply from support');
    expect(answer.textContent).toContain('It was paid this morning.\nReference TRX-7f3a9c.');
    // The answer's time in the phone's zone (the test runs in UTC).
    expect(screen.getByTestId('complaint-answer-time').textContent).toContain('2026-11-03 09:30');
    expect(screen.getByTestId('complaint-row').textContent).toContain('Answered');
  });

  it('shows no answer while there is none', async () => {
    mine = [received];
    renderPage();
    expect((await screen.findByTestId('complaint-row')).textContent).toContain('Received');
    expect(screen.queryByTestId('complaint-answer')).toBeNull();
  });
});
