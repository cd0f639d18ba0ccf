import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { Captcha } from '@tradedesk/contract';
import { Alert, Form, Input } from 'antd';
import { CaptchaField } from './captcha-field.tsx';
import { OTP_RULES, OtpInput } from './otp-input.tsx';

/** E-mail and password; read-only while the code is asked for them. */
export function CredentialFields({ readOnly }: { readOnly: boolean }) {
  return (
    <>
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
          readOnly={readOnly}
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
          readOnly={readOnly}
        />
      </Form.Item>
    </>
  );
}

/** After repeated failed logins: the characters of a picture. */
export function CaptchaStep(props: {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh: () => void;
}) {
  return (
    <>
      <Alert
        className="login-otp-hint"
        type="warning"
        showIcon
        title="Too many failed attempts: please enter the characters in the picture."
      />
      <CaptchaField {...props} />
    </>
  );
}

/** For a two-factor operator: the code of their authenticator app. */
export function OtpStep() {
  return (
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
  );
}
