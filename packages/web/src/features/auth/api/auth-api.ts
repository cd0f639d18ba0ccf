import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactType, RequestOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
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

/** Sends a code; resolves true when it went out (the countdown then starts). */
export async function sendCode(request: {
  type: ContactType;
  to: string;
  areaId?: number | undefined;
  purpose: 1 | 2;
}): Promise<boolean> {
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
    return true;
  } catch {
    return false;
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
