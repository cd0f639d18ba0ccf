// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { RESULT_CODES } from '@tradedesk/contract';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, type SentCall } from '../../../testing/render-as-operator.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const changes = (calls: SentCall[]) => calls.filter((c) => c.path === '/admin/api/password');

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('change password screen', () => {
  it('sends the current and the new password to the change call', async () => {
    const { calls } = renderAsOperator(<ChangePasswordPage />, { role: 'support' });
    fill(/^current password/i, 'old-secret');
    fill(/^new password$/i, 'brand-new-42');
    fill(/^new password again/i, 'brand-new-42');
    fireEvent.click(screen.getByRole('button', { name: /change password/i }));
    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    expect(changes(calls)[0]).toEqual({
      method: 'POST',
      path: '/admin/api/password',
      body: { old_password: 'old-secret', password: 'brand-new-42' },
    });
    // Emptied after success: the passwords do not stay on screen.
    await waitFor(() =>
      expect((screen.getByLabelText(/^current password/i) as HTMLInputElement).value).toBe(''),
    );
  });

  it('sends nothing when the new password is too short or typed differently twice', async () => {
    const { calls } = renderAsOperator(<ChangePasswordPage />, { role: 'support' });
    fill(/^current password/i, 'old-secret');
    // Eleven characters: enough for a trader, not for an operator (issue 37).
    fill(/^new password$/i, 'eleven-char');
    fill(/^new password again/i, 'other');
    fireEvent.click(screen.getByRole('button', { name: /change password/i }));
    expect(await screen.findByText('The two new passwords differ')).toBeTruthy();
    expect(screen.getAllByText(/12 to 64 characters/).length).toBeGreaterThan(1);
    expect(changes(calls)).toEqual([]);
  });

  it("marks the server's minimum on the new password's field", async () => {
    renderAsOperator(<ChangePasswordPage />, {
      role: 'owner',
      answer: (call) =>
        call.path === '/admin/api/password'
          ? {
              code: RESULT_CODES.ADMIN_PASSWORD_TOO_SHORT.code,
              msg: "An operator's password needs at least 12 characters",
            }
          : { code: 1 },
    });
    fill(/^current password/i, 'old-secret');
    fill(/^new password$/i, 'twelve-chars');
    fill(/^new password again/i, 'twelve-chars');
    fireEvent.click(screen.getByRole('button', { name: /change password/i }));
    const message = await screen.findByText("An operator's password needs at least 12 characters");
    expect(message.closest('.ant-form-item')?.querySelector('#password')).toBeTruthy();
  });

  it('asks the owner on the generated password to replace it, then opens the back office', async () => {
    renderAsOperator(
      <Routes>
        <Route path="/password" element={<ChangePasswordPage />} />
        <Route path="/" element={<p>back office home</p>} />
      </Routes>,
      { role: 'owner', passwordChangeRequired: true, at: '/password' },
    );
    expect(screen.getByTestId('password-change-required').textContent).toContain(
      'Choose your own password to continue',
    );
    fill(/^current password/i, 'generated-r_XLDwBVEfIo58');
    fill(/^new password$/i, 'owner-chose-this');
    fill(/^new password again/i, 'owner-chose-this');
    fireEvent.click(screen.getByRole('button', { name: /change password/i }));
    expect(await screen.findByText('back office home')).toBeTruthy();
  });

  it('says nothing of a generated password to an operator who chose theirs', () => {
    renderAsOperator(<ChangePasswordPage />, { role: 'owner' });
    expect(screen.queryByTestId('password-change-required')).toBeNull();
  });

  it('marks a wrong current password on its field', async () => {
    renderAsOperator(<ChangePasswordPage />, {
      role: 'owner',
      answer: (call) =>
        call.path === '/admin/api/password'
          ? { code: RESULT_CODES.OLD_PASSWORD_WRONG.code, msg: 'The current password is wrong' }
          : { code: 1 },
    });
    fill(/^current password/i, 'not-it');
    fill(/^new password$/i, 'brand-new-42');
    fill(/^new password again/i, 'brand-new-42');
    fireEvent.click(screen.getByRole('button', { name: /change password/i }));
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    expect((screen.getByLabelText(/^new password$/i) as HTMLInputElement).value).toBe(
      'brand-new-42',
    );
  });

  it('marks a new password that is the current one on the new password’s field', async () => {
    renderAsOperator(<ChangePasswordPage />, {
      role: 'finance',
      answer: (call) =>
        call.path === '/admin/api/password'
          ? {
              code: RESULT_CODES.ADMIN_PASSWORD_UNCHANGED.code,
              msg: 'The new password must be different from the current one',
            }
          : { code: 1 },
    });
    fill(/^current password/i, 'same-secret-1');
    fill(/^new password$/i, 'same-secret-1');
    fill(/^new password again/i, 'same-secret-1');
    fireEvent.click(screen.getByRole('button', { name: /change password/i }));
    const message = await screen.findByText(
      'The new password must be different from the current one',
    );
    // On the new password's field, not a toast.
    expect(message.closest('.ant-form-item')?.querySelector('#password')).toBeTruthy();
  });
});
