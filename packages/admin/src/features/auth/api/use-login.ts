import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi, OTP_REQUIRED_CODE } from '../../../lib/admin-api.ts';
import { setToken } from '../../../lib/session.ts';

/**
 * Logs an operator in. Two-factor operators are refused with ADMIN_OTP_REQUIRED until the
 * code comes with the password: the login page shows that step itself, so it is not toasted.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: AdminParamsOf<'login'>) =>
      adminApi('login', params, { silent: [OTP_REQUIRED_CODE] }),
    onSuccess: (session) => {
      // Nothing cached for a previous operator of this tab may show for this one.
      queryClient.clear();
      setToken(session.token);
    },
  });
}
