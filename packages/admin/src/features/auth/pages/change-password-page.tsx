import { OPERATOR_PASSWORD_MIN, PASSWORD_MAX } from '@tradedesk/contract';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { AdminApiError } from '../../../lib/admin-api.ts';
import { notify } from '../../../lib/notify.ts';
import { useMe } from '../../../lib/operator.ts';
import { PATHS } from '../../../lib/paths.ts';
import {
  OLD_PASSWORD_WRONG_CODE,
  PASSWORD_TOO_SHORT_CODE,
  PASSWORD_UNCHANGED_CODE,
  useChangePassword,
} from '../api/use-change-password.ts';

const LENGTH_RULE = `${OPERATOR_PASSWORD_MIN} to ${PASSWORD_MAX} characters`;

interface PasswordFields {
  oldPassword: string;
  password: string;
  repeated: string;
}

/**
 * One's own password, changed with the current one. The owner created at first start with a
 * generated password is sent here and kept here until they choose their own (the server
 * refuses them everything else); then the back office opens. The new one follows the rules of
 * an operator's first password.
 */
export function ChangePasswordPage() {
  const [form] = Form.useForm<PasswordFields>();
  const change = useChangePassword();
  const navigate = useNavigate();
  const required = useMe().data?.password_change_required === true;

  const finish = ({ oldPassword, password }: PasswordFields) =>
    change.mutate(
      { oldPassword, password },
      {
        onSuccess: () => {
          form.resetFields();
          notify.success('Password changed. Your other sessions have ended.');
          if (required) navigate(PATHS.home, { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof AdminApiError)) return;
          if (error.code === OLD_PASSWORD_WRONG_CODE)
            form.setFields([{ name: 'oldPassword', errors: [error.message] }]);
          if (error.code === PASSWORD_UNCHANGED_CODE || error.code === PASSWORD_TOO_SHORT_CODE)
            form.setFields([{ name: 'password', errors: [error.message] }]);
        },
      },
    );

  return (
    <Card title="Change password" className="password-card">
      {required ? (
        <Alert
          type="warning"
          showIcon
          className="password-required"
          data-testid="password-change-required"
          message="Choose your own password to continue"
          description="This account still has the password generated at first start, which was shown on the server's console and written to a file. The back office opens once you replace it."
        />
      ) : null}
      <Typography.Paragraph type="secondary">
        Your other sessions end when the password changes; this one stays.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={finish}
        disabled={change.isPending}
      >
        <Form.Item
          name="oldPassword"
          label="Current password"
          rules={[{ required: true, message: 'Enter your current password' }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label="New password"
          extra={LENGTH_RULE}
          rules={[
            { required: true, message: 'Enter a new password' },
            { min: OPERATOR_PASSWORD_MIN, max: PASSWORD_MAX, message: LENGTH_RULE },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeated"
          label="New password again"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Enter the new password again' },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The two new passwords differ')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
