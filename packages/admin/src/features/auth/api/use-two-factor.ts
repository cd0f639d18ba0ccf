import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { OLD_PASSWORD_WRONG_CODE } from './use-change-password.ts';

/**
 * Starts enrolment with the current password (a session alone may not): a new secret and its
 * QR code, each call replacing the previous secret. A wrong password is marked on its field.
 */
export function useOtpSetup() {
  return useMutation({
    mutationFn: (password: string) =>
      adminApi('otpSetup', { password }, { silent: [OLD_PASSWORD_WRONG_CODE] }),
  });
}

/** Finishes enrolment with a code from the authenticator app; the server ends the other sessions. */
export function useOtpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => adminApi('otpEnable', { otp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.me }),
  });
}

/**
 * Turns one's own two-factor off with a current code (to move to a new phone: enrol again
 * after). The server ends this operator's other sessions.
 */
export function useOtpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => adminApi('otpDisable', { otp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.me }),
  });
}
