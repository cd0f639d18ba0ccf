import { Alert, Button, Card, Form, Input, Result, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { AdminApiError } from '../../../lib/admin-api.ts';
import { notify } from '../../../lib/notify.ts';
import { useMe } from '../../../lib/operator.ts';
import { OLD_PASSWORD_WRONG_CODE } from '../api/use-change-password.ts';
import { useOtpDisable, useOtpEnable, useOtpSetup } from '../api/use-two-factor.ts';
import { OTP_RULES, OtpInput } from '../components/otp-input.tsx';

/**
 * Enrolled: every login asks for a code. Turning it off takes a current code, so that a
 * session alone cannot; it ends the operator's other sessions.
 */
function TwoFactorOn() {
  const disable = useOtpDisable();
  const finish = ({ otp }: { otp: string }) =>
    disable.mutate(otp.trim(), {
      onSuccess: () => notify.success('Two-factor authentication is off'),
    });
  return (
    <Result
      status="success"
      title="Two-factor authentication is on"
      subTitle="Every login asks for a code from your authenticator app."
      extra={
        <Form
          layout="inline"
          onFinish={finish}
          disabled={disable.isPending}
          className="two-factor-off"
        >
          <Form.Item name="otp" label="Code from the app" rules={OTP_RULES}>
            <OtpInput />
          </Form.Item>
          <Button danger htmlType="submit" loading={disable.isPending}>
            Turn off two-factor
          </Button>
        </Form>
      }
    />
  );
}

/**
 * The first step of enrolment: the current password, which the server asks for before it
 * shows a secret (a stolen session alone must not enrol the thief's phone). The password is
 * not kept: a new secret asks for it again.
 */
function PasswordStep({ setup }: { setup: ReturnType<typeof useOtpSetup> }) {
  const [form] = Form.useForm<{ password: string }>();
  const start = ({ password }: { password: string }) =>
    setup.mutate(password, {
      onSuccess: () => form.resetFields(),
      onError: (error) => {
        if (error instanceof AdminApiError && error.code === OLD_PASSWORD_WRONG_CODE)
          form.setFields([{ name: 'password', errors: [error.message] }]);
      },
    });
  return (
    <div className="two-factor-step">
      <Typography.Paragraph>
        Your authenticator app will show a new 6-digit code every 30 seconds; each login will ask
        for it after your password. Enter your current password to create the secret.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        requiredMark={false}
        onFinish={start}
        disabled={setup.isPending}
      >
        <Form.Item
          name="password"
          label="Current password"
          rules={[{ required: true, message: 'Enter your current password' }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={setup.isPending}>
          Start set-up
        </Button>
      </Form>
    </div>
  );
}

/**
 * Two-factor enrolment: the current password, then a new secret shown as a QR code and as
 * text, then a code from the authenticator app proves it was saved. Mandatory when the server
 * requires two-factor (`otp_setup_required`), voluntary otherwise.
 */
export function TwoFactorPage() {
  const { data: me } = useMe();
  const setup = useOtpSetup();
  const enable = useOtpEnable();
  const navigate = useNavigate();

  if (!me) return null;
  if (me.otp_enabled) return <TwoFactorOn />;

  const finish = ({ otp }: { otp: string }) =>
    enable.mutate(otp.trim(), {
      onSuccess: () => {
        notify.success('Two-factor authentication is on');
        navigate('/', { replace: true });
      },
    });

  return (
    <Card title="Two-factor authentication" className="two-factor-card">
      {me.otp_setup_required && (
        <Alert
          type="warning"
          showIcon
          className="two-factor-required"
          title="Two-factor authentication is required"
          description="Set it up to use the back office: until then every other page is closed to your account."
        />
      )}
      <Steps
        orientation="vertical"
        current={setup.data ? 1 : 0}
        items={[
          {
            title: 'Create a secret',
            content: setup.data ? (
              <div className="two-factor-secret">
                <img
                  src={setup.data.qr}
                  alt="QR code of the two-factor secret"
                  width={200}
                  height={200}
                />
                <div>
                  <Typography.Paragraph>
                    Scan the code with an authenticator app (Google Authenticator, 1Password,
                    Authy…), or type this secret into it:
                  </Typography.Paragraph>
                  <Typography.Paragraph copyable={{ text: setup.data.secret }}>
                    <Typography.Text code className="two-factor-secret-text">
                      {setup.data.secret}
                    </Typography.Text>
                  </Typography.Paragraph>
                  {/* Back to the password: a new secret takes it again. */}
                  <Button onClick={() => setup.reset()}>Make a new secret</Button>
                </div>
              </div>
            ) : (
              <PasswordStep setup={setup} />
            ),
          },
          {
            title: 'Confirm with a code',
            content: setup.data && (
              <Form
                layout="inline"
                onFinish={finish}
                disabled={enable.isPending}
                className="two-factor-step"
              >
                <Form.Item name="otp" label="Code from the app" rules={OTP_RULES}>
                  <OtpInput autoFocus />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={enable.isPending}>
                  Turn on two-factor
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </Card>
  );
}
