import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AdminApiError, CAPTCHA_REQUIRED_CODE, OTP_REQUIRED_CODE } from '../../../lib/admin-api.ts';
import { useToken } from '../../../lib/session.ts';
import { useCaptcha } from '../api/use-captcha.ts';
import { useLogin } from '../api/use-login.ts';
import { CaptchaField } from '../components/captcha-field.tsx';
import { OTP_RULES, OtpInput } from '../components/otp-input.tsx';

interface LoginValues {
  account: string;
  password: string;
  otp?: string;
  captcha_code?: string;
}

/**
 * E-mail and password; when the operator has two-factor on, the server answers
 * ADMIN_OTP_REQUIRED and the same form asks for the code and sends all three again. After
 * repeated failed logins of the operator the server answers CAPTCHA_REQUIRED: the form shows
 * a captcha from then on, and a new picture after each attempt (one answers one attempt).
 */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [needsOtp, setNeedsOtp] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const captcha = useCaptcha(needsCaptcha);
  const login = useLogin();
  const token = useToken();
  const location = useLocation();

  if (token) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }

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

  const restart = () => {
    setNeedsOtp(false);
    form.resetFields(['otp', 'password']);
  };

  return (
    <main className="login-screen">
      <Card className="login-card">
        <Typography.Title level={3}>TradeDesk back office</Typography.Title>
        <Typography.Paragraph type="secondary">
          Operators only. Every action is logged.
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          disabled={login.isPending}
        >
          <Form.Item
            name="account"
            label="E-mail"
            // Not type 'email': the bootstrap owner is admin@localhost, which has no dot.
            rules={[
              {
                required: true,
                pattern: /^[^\s@]+@[^\s@]+$/,
                message: 'Enter your operator e-mail',
              },
            ]}
          >
            <Input
              prefix={<MailOutlined />}
              inputMode="email"
              autoComplete="username"
              autoFocus
              readOnly={needsOtp}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label="Password"
            rules={[{ required: true, message: 'Enter your password' }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              readOnly={needsOtp}
            />
          </Form.Item>
          {needsCaptcha && (
            <>
              <Alert
                className="login-otp-hint"
                type="warning"
                showIcon
                title="Too many failed attempts: please enter the characters in the picture."
              />
              <CaptchaField
                captcha={captcha.data}
                loading={captcha.isFetching}
                onRefresh={() => void captcha.refetch()}
              />
            </>
          )}
          {needsOtp && (
            <>
              <Alert
                className="login-otp-hint"
                type="info"
                showIcon
                title="Enter the code your authenticator app shows for TradeDesk."
              />
              <Form.Item name="otp" label="Two-factor code" rules={OTP_RULES}>
                <OtpInput autoFocus />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {needsOtp ? 'Verify and log in' : 'Log in'}
          </Button>
          {needsOtp && (
            <Button type="link" block onClick={restart} className="login-restart">
              Use another account
            </Button>
          )}
        </Form>
      </Card>
    </main>
  );
}
