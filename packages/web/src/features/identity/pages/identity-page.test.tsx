import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { IdentityCenter, User } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { fetchPrivateImage } from '../../../lib/private-image.ts';
import { loadToast } from '../../../lib/toast.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { IdentityPage } from './identity-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));
vi.mock('../../../lib/upload-image.ts', () => ({ uploadImage: vi.fn() }));
vi.mock('../../../lib/private-image.ts', () => ({ fetchPrivateImage: vi.fn() }));

const NOT_SUBMITTED: IdentityCenter = {
  review_status: 0,
  name: '',
  card_id: '',
  front_pic: '',
  reverse_pic: '',
  reason: '',
};

/** The server's side: the center state, and what real_name was sent. */
let center: IdentityCenter;
const submitted: URLSearchParams[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url.startsWith('/api/user_real/center')) {
    return Response.json({ code: 1, msg: 'ok', data: center });
  }
  if (url === '/api/user_real/real_name') {
    const body = new URLSearchParams(String(init?.body));
    submitted.push(body);
    center = {
      ...NOT_SUBMITTED,
      review_status: 1,
      name: body.get('name') ?? '',
      card_id: body.get('card_id') ?? '',
    };
    return Response.json({ code: 1, msg: 'Submitted', data: center });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <IdentityPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toastContents = () =>
  vi
    .mocked(Toast.show)
    .mock.calls.map(([props]) => (typeof props === 'string' ? props : String(props.content ?? '')));
const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

beforeAll(async () => {
  // The Toast loads on first use; load it (the mock above) now so that a call shows at once.
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  center = NOT_SUBMITTED;
  submitted.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.mocked(fetchPrivateImage).mockRejectedValue(new Error('not needed here'));
  useSessionStore.setState({ token: 'session-token', user: { uid: '7' } as User });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(Toast.show).mockClear();
  vi.mocked(uploadImage).mockReset();
});

describe('IdentityPage', () => {
  it('asks for name and number first, then both photos, before sending anything', async () => {
    renderPage();
    const submit = await screen.findByTestId('real-name-submit');
    fireEvent.click(submit);
    expect(toastContents()).toEqual(['Please complete']);

    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), {
      target: { value: 'Chan Tai Man' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'ID or passport number' }), {
      target: { value: 'A1234567' },
    });
    fireEvent.click(submit);
    expect(toastContents()).toEqual([
      'Please complete',
      'Please add photos of both sides of the document',
    ]);
    expect(submitted).toEqual([]);
  });

  it('disables submit while a photo uploads, then sends both urls and shows under audit', async () => {
    let finishFront!: (url: string) => void;
    vi.mocked(uploadImage)
      .mockImplementationOnce(() => new Promise((resolve) => (finishFront = resolve)))
      .mockResolvedValueOnce('/api/common/upload/back.jpg');
    renderPage();
    const submit = await screen.findByTestId('real-name-submit');
    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), {
      target: { value: ' Chan Tai Man ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'ID or passport number' }), {
      target: { value: 'A1234567' },
    });

    fireEvent.change(screen.getByTestId('id-front-input'), {
      target: { files: [photo('front.jpg')] },
    });
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.getByAltText('Front of ID')).toHaveProperty('src', 'blob:preview');
    await act(async () => {
      fireEvent.change(screen.getByTestId('id-back-input'), {
        target: { files: [photo('back.jpg')] },
      });
    });
    expect(submit).toHaveProperty('disabled', true);
    await act(async () => finishFront('/api/common/upload/front.jpg'));
    expect(submit).toHaveProperty('disabled', false);

    fireEvent.click(submit);
    const waiting = await screen.findByTestId('identity-waiting');
    expect(Object.fromEntries(submitted[0]!)).toEqual({
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: '/api/common/upload/front.jpg',
      reverse_pic: '/api/common/upload/back.jpg',
    });
    expect(waiting.textContent).toContain('Under audit');
    expect(screen.getByTestId('identity-name').textContent).toBe('Chan Tai Man');
    expect(screen.getByTestId('identity-card-id').textContent).toBe('A1****67');
  });

  it('shows why the last submission was rejected above the form, prefilled', async () => {
    center = { ...NOT_SUBMITTED, name: 'Chan Tai Man', card_id: 'A1234567', reason: 'Blurred' };
    renderPage();
    expect((await screen.findByTestId('identity-rejected-reason')).textContent).toBe('Blurred');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty(
      'value',
      'Chan Tai Man',
    );
    expect(screen.getByRole('textbox', { name: 'ID or passport number' })).toHaveProperty(
      'value',
      'A1234567',
    );
    expect(screen.getByTestId('real-name-submit')).toBeDefined();
  });

  it('shows a certified identity with no form', async () => {
    center = { ...NOT_SUBMITTED, review_status: 2, name: 'Chan Tai Man', card_id: 'A1234567' };
    renderPage();
    expect((await screen.findByTestId('identity-certified')).textContent).toContain('Certified');
    expect(screen.queryByTestId('real-name-submit')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('identity-rejected-reason')).toBeNull());
  });
});
