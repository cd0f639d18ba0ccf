import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Starts enrolment: a new secret and its QR code (each call replaces the previous secret). */
export function useOtpSetup() {
  return useMutation({ mutationFn: () => adminApi('otpSetup') });
}

/** Finishes enrolment with a code from the authenticator app. */
export function useOtpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => adminApi('otpEnable', { otp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.me }),
  });
}
