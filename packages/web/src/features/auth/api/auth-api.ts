import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  CODE_RESEND_SECONDS,
  type ContactType,
  codeTooSoonDataSchema,
  RESULT_CODES,
  type RequestOf,
} from '@tradedesk/contract';
import { ApiError, api } from '../../../lib/api-client.ts';
import { deviceId } from '../../../lib/device-id.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/** A captcha's key and the characters read from its picture. */
export interface CaptchaAnswer {
  key: string;
  code: string;
}

/** What the login form sends; the captcha only once the server asked for one. */
export interface LoginForm {
  account: string;
  password: string;
  /** The area of a mobile number, when the form knows it (registration does). */
  areaId?: number | undefined;
  captcha?: CaptchaAnswer | undefined;
}

/**
 * Logs in; after repeated failures on the account the server answers CAPTCHA_REQUIRED, and
 * the next attempt carries a captcha answer. The session is kept before the caller goes on.
 */
export function useLogin() {
  return useMutation({
    mutationFn: ({ account, password, areaId, captcha }: LoginForm) =>
      api(
        'login',
        {
          account: account.trim(),
          password,
          area_id: areaId,
          ...(captcha && { captcha_key: captcha.key, captcha_code: captcha.code.trim() }),
        },
        { loading: true },
      ),
    onSuccess: (session) => useSessionStore.getState().signIn(session.token, session.user),
  });
}

/** The demo account of this browser: the same device uuid always gets the same account. */
export function useStartDemo() {
  return useMutation({
    mutationFn: () => api('demo', { demo_id: deviceId() }, { loading: true }),
    onSuccess: (session) => useSessionStore.getState().signIn(session.token, session.user),
  });
}

/**
 * Opens an account; the server's "registered" message is toasted. The answer carries no
 * session (SPEC.md §7 shows none): the register page logs in next with what was typed.
 */
export function useRegister() {
  return useMutation({
    mutationFn: (form: RequestOf<'register'>) =>
      api('register', form, { loading: true, toastSuccess: true }),
  });
}

/** Sets a new password with a code sent to the account's address; every session ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (form: RequestOf<'forgetPassword'>) =>
      api('forgetPassword', form, { loading: true, toastSuccess: true }),
  });
}

/** Where a code goes and what it is for (1 register, 2 reset). */
export interface CodeRequest {
  type: ContactType;
  to: string;
  areaId?: number | undefined;
  purpose: 1 | 2;
}

/**
 * Sends a code; resolves the seconds before the address may be sent another: 60 once it went
 * out, what the server says when it refuses one as too soon (a code sent from another page
 * or tab), 0 after any other refusal (the button is free again at once).
 */
export async function sendCode(request: CodeRequest): Promise<number> {
  try {
    if (request.type === 'email') {
      await api(
        'sendEmail',
        { to: request.to.trim(), type: request.purpose },
        { toastSuccess: true },
      );
    } else {
      await api(
        'sendSms',
        { to: request.to.trim(), area_id: request.areaId, type: request.purpose },
        { toastSuccess: true },
      );
    }
    return CODE_RESEND_SECONDS;
  } catch (error) {
    if (error instanceof ApiError && error.code === RESULT_CODES.CODE_TOO_SOON.code)
      return codeTooSoonDataSchema.safeParse(error.data).data?.seconds ?? 0;
    return 0;
  }
}

/** `sendCode` as a mutation, for the forms' send buttons; it never rejects (see sendCode). */
export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}

export const areaListQuery = queryOptions({
  queryKey: ['area-list'],
  queryFn: () => api('areaList'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAreaList() {
  return useQuery(areaListQuery);
}

export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: ['captcha'],
    queryFn: () => api('captcha'),
    enabled,
    staleTime: 4 * 60_000,
    gcTime: 0,
  });
}
