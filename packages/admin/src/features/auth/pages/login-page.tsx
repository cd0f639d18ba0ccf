import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AdminApiError, OTP_REQUIRED_CODE } from '../../../lib/admin-api.ts';
import { useToken } from '../../../lib/session.ts';
import { useLogin } from '../api/use-login.ts';
import { OTP_RULES, OtpInput } from '../components/otp-input.tsx';

interface LoginValues {
  account: string;
  password: string;
  otp?: string;
}

/**
 * E-mail and password; when the operator has two-factor on, the server answers
 * ADMIN_OTP_REQUIRED and the same form asks for the code and sends all three again.
 */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [needsOtp, setNeedsOtp] = useState(false);
  const login = useLogin();
  const token = useToken();
  const location = useLocation();

  if (token) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }

  const submit = (values: LoginValues) => {
    const otp = needsOtp ? values.otp?.trim() : undefined;
    login.mutate(
      { account: values.account.trim(), password: values.password, ...(otp ? { otp } : {}) },
      {
        onError: (error) => {
          if (error instanceof AdminApiError && error.code === OTP_REQUIRED_CODE) setNeedsOtp(true);
          else if (needsOtp) form.setFieldValue('otp', '');
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
