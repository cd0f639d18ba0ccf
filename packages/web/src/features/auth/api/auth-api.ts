import { queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * Logs in; after repeated failures on the account the server answers CAPTCHA_REQUIRED, and
 * the next attempt carries a captcha answer.
 */
export async function logIn(
  account: string,
  password: string,
  captcha?: CaptchaAnswer,
): Promise<void> {
  const session = await api(
    'login',
    {
      account: account.trim(),
      password,
      ...(captcha && { captcha_key: captcha.key, captcha_code: captcha.code.trim() }),
    },
    { loading: true },
  );
  useSessionStore.getState().signIn(session.token, session.user);
}

/** The demo account of this browser: the same device uuid always gets the same account. */
export async function startDemo(): Promise<void> {
  const session = await api('demo', { demo_id: deviceId() }, { loading: true });
  useSessionStore.getState().signIn(session.token, session.user);
}

export function register(form: RequestOf<'register'>): Promise<null> {
  return api('register', form, { loading: true, toastSuccess: true });
}

export function resetPassword(form: RequestOf<'forgetPassword'>): Promise<null> {
  return api('forgetPassword', form, { loading: true, toastSuccess: true });
}

/**
 * Sends a code; resolves the seconds before the address may be sent another: 60 once it went
 * out, what the server says when it refuses one as too soon (a code sent from another page
 * or tab), 0 after any other refusal (the button is free again at once).
 */
export async function sendCode(request: {
  type: ContactType;
  to: string;
  areaId?: number | undefined;
  purpose: 1 | 2;
}): Promise<number> {
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
