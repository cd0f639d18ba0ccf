import type { FormInstance } from 'antd';
import { useState } from 'react';
import { AdminApiError, CAPTCHA_REQUIRED_CODE, OTP_REQUIRED_CODE } from '../../../lib/admin-api.ts';
import { useCaptcha } from '../api/use-captcha.ts';
import { useLogin } from '../api/use-login.ts';

export interface LoginValues {
  account: string;
  password: string;
  otp?: string;
  captcha_code?: string;
}

/**
 * The login's steps. The server answers ADMIN_OTP_REQUIRED for a two-factor operator: the
 * form then asks for the code and sends all three again. After repeated failed logins it
 * answers CAPTCHA_REQUIRED: the form shows a captcha from then on, and a new picture after
 * each attempt (one answers one attempt).
 */
export function useLoginFlow(form: FormInstance<LoginValues>) {
  const [needsOtp, setNeedsOtp] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const captcha = useCaptcha(needsCaptcha);
  const login = useLogin();

  const submit = (values: LoginValues) => {
    const otp = needsOtp ? values.otp?.trim() : undefined;
    const captchaKey = needsCaptcha ? captcha.data?.key : undefined;
    const captchaCode = captchaKey ? values.captcha_code?.trim() : undefined;
    login.mutate(
      {
        account: values.account.trim(),
        password: values.password,
        ...(otp ? { otp } : {}),
        ...(captchaKey && captchaCode
          ? { captcha_key: captchaKey, captcha_code: captchaCode }
          : {}),
      },
      {
        onError: (error) => {
          const refusal = error instanceof AdminApiError ? error.code : undefined;
          if (refusal === OTP_REQUIRED_CODE) setNeedsOtp(true);
          else if (needsOtp) form.setFieldValue('otp', '');
          if (refusal === CAPTCHA_REQUIRED_CODE) setNeedsCaptcha(true);
          // The attempt used the picture up, whatever the answer: a new one for the next.
          if (captchaKey) {
            form.setFieldValue('captcha_code', '');
            void captcha.refetch();
          }
        },
      },
    );
  };

  /** Back from the code step to another e-mail and password. */
  const restart = () => {
    setNeedsOtp(false);
    form.resetFields(['otp', 'password']);
  };

  return { needsOtp, needsCaptcha, captcha, pending: login.isPending, submit, restart };
}
