import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESULT_CODES } from '@tradedesk/contract';
import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** A wrong current password: the form marks the field instead of a toast. */
export const OLD_PASSWORD_WRONG_CODE = RESULT_CODES.OLD_PASSWORD_WRONG.code;
/** A new password that is the current one: marked on the new password's field. */
export const PASSWORD_UNCHANGED_CODE = RESULT_CODES.ADMIN_PASSWORD_UNCHANGED.code;
/** Shorter than an operator's minimum: marked on the new password's field too. */
export const PASSWORD_TOO_SHORT_CODE = RESULT_CODES.ADMIN_PASSWORD_TOO_SHORT.code;

/**
 * Changes one's own password with the current one. The server ends this operator's other
 * sessions; this one stays. The operator is read again: a generated first password replaced
 * opens the rest of the back office.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { oldPassword: string; password: string }) =>
      adminApi(
        'changePassword',
        { old_password: change.oldPassword, password: change.password },
        { silent: [OLD_PASSWORD_WRONG_CODE, PASSWORD_UNCHANGED_CODE, PASSWORD_TOO_SHORT_CODE] },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.me }),
  });
}
