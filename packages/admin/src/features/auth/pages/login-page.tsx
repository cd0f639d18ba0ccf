import { Button, Card, Form, Typography } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useToken } from '../../../lib/session.ts';
import { CaptchaStep, CredentialFields, OtpStep } from '../components/login-fields.tsx';
import { type LoginValues, useLoginFlow } from '../hooks/use-login-flow.ts';

/**
 * E-mail and password; when the operator has two-factor on, the same form asks for the code,
 * and after repeated failed logins of the operator for a captcha (see useLoginFlow).
 */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const flow = useLoginFlow(form);
  const token = useToken();
  const location = useLocation();

  if (token) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }

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
          onFinish={flow.submit}
          disabled={flow.pending}
        >
          <CredentialFields readOnly={flow.needsOtp} />
          {flow.needsCaptcha && (
            <CaptchaStep
              captcha={flow.captcha.data}
              loading={flow.captcha.isFetching}
              onRefresh={() => void flow.captcha.refetch()}
            />
          )}
          {flow.needsOtp && <OtpStep />}
          <Button type="primary" htmlType="submit" block loading={flow.pending}>
            {flow.needsOtp ? 'Verify and log in' : 'Log in'}
          </Button>
          {flow.needsOtp && (
            <Button type="link" block onClick={flow.restart} className="login-restart">
              Use another account
            </Button>
          )}
        </Form>
      </Card>
    </main>
  );
}
