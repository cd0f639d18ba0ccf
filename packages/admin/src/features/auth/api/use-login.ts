import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminParamsOf,
  adminApi,
  CAPTCHA_REQUIRED_CODE,
  OTP_REQUIRED_CODE,
} from '../../../lib/admin-api.ts';
import { setToken } from '../../../lib/session.ts';

/**
 * Logs an operator in. Two-factor operators are refused with ADMIN_OTP_REQUIRED until the
 * code comes with the password, and after repeated failures every login is refused with
 * CAPTCHA_REQUIRED until a captcha answer comes with it: the login page shows those steps
 * itself, so they are not toasted.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: AdminParamsOf<'login'>) =>
      adminApi('login', params, { silent: [OTP_REQUIRED_CODE, CAPTCHA_REQUIRED_CODE] }),
    onSuccess: (session) => {
      // Nothing cached for a previous operator of this tab may show for this one.
      queryClient.clear();
      setToken(session.token);
    },
  });
}
