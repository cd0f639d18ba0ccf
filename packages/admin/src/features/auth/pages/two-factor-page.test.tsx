// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, type SentCall } from '../../../testing/render-as-operator.tsx';
import { TwoFactorPage } from './two-factor-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETUP_PATH = '/admin/api/otp/setup';
const setups = (calls: SentCall[]) => calls.filter((c) => c.path === SETUP_PATH);
const SECRET = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/x',
  qr: 'data:image/png;base64,AA==',
};

function startWith(password: string) {
  fireEvent.change(screen.getByLabelText(/^current password/i), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /start set-up/i }));
}

// Issue 36 item 11: enrolment starts with the current password, so that a stolen session
// alone cannot put the second factor on the thief's phone.
describe('two-factor enrolment screen', () => {
  it('asks for the current password before it shows the secret', async () => {
    const { calls } = renderAsOperator(<TwoFactorPage />, {
      role: 'owner',
      answer: (call) => (call.path === SETUP_PATH ? { code: 1, data: SECRET } : { code: 1 }),
    });
    expect(screen.queryByAltText(/QR code/i)).toBeNull();
    startWith('my-password');
    await screen.findByAltText(/QR code/i);
    expect(setups(calls)).toEqual([
      { method: 'POST', path: SETUP_PATH, body: { password: 'my-password' } },
    ]);
    expect(screen.getByText(SECRET.secret)).toBeTruthy();
    // The password is not kept: a new secret asks for it again.
    expect(screen.queryByLabelText(/^current password/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /make a new secret/i }));
    const field = (await screen.findByLabelText(/^current password/i)) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(screen.queryByAltText(/QR code/i)).toBeNull();
    expect(setups(calls)).toHaveLength(1);
  });

  it('sends nothing without a password', async () => {
    const { calls } = renderAsOperator(<TwoFactorPage />, { role: 'support' });
    fireEvent.click(screen.getByRole('button', { name: /start set-up/i }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(setups(calls)).toEqual([]);
  });

  it('marks a wrong password on its field and shows no secret', async () => {
    const { calls } = renderAsOperator(<TwoFactorPage />, {
      role: 'support',
      answer: (call) =>
        call.path === SETUP_PATH
          ? { code: RESULT_CODES.OLD_PASSWORD_WRONG.code, msg: 'The current password is wrong' }
          : { code: 1 },
    });
    startWith('not-it');
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    await waitFor(() => expect(setups(calls)).toHaveLength(1));
    expect(screen.queryByAltText(/QR code/i)).toBeNull();
    expect(screen.queryByRole('button', { name: /turn on two-factor/i })).toBeNull();
  });
});
