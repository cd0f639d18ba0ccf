import { PASSWORD_MAX, PASSWORD_MIN } from '@tradedesk/contract';
import { Button, Card, Form, Input, Typography } from 'antd';
import { AdminApiError } from '../../../lib/admin-api.ts';
import { notify } from '../../../lib/notify.ts';
import {
  OLD_PASSWORD_WRONG_CODE,
  PASSWORD_UNCHANGED_CODE,
  useChangePassword,
} from '../api/use-change-password.ts';

interface PasswordFields {
  oldPassword: string;
  password: string;
  repeated: string;
}

/**
 * One's own password, changed with the current one (the start-up banner asks the first owner
 * to replace the generated one). The new one follows the rules of an operator's first password.
 */
export function ChangePasswordPage() {
  const [form] = Form.useForm<PasswordFields>();
  const change = useChangePassword();

  const finish = ({ oldPassword, password }: PasswordFields) =>
    change.mutate(
      { oldPassword, password },
      {
        onSuccess: () => {
          form.resetFields();
          notify.success('Password changed. Your other sessions have ended.');
        },
        onError: (error) => {
          if (!(error instanceof AdminApiError)) return;
          if (error.code === OLD_PASSWORD_WRONG_CODE)
            form.setFields([{ name: 'oldPassword', errors: [error.message] }]);
          if (error.code === PASSWORD_UNCHANGED_CODE)
            form.setFields([{ name: 'password', errors: [error.message] }]);
        },
      },
    );

  return (
    <Card title="Change password" className="password-card">
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
          extra={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
          rules={[
            { required: true, message: 'Enter a new password' },
            {
              min: PASSWORD_MIN,
              max: PASSWORD_MAX,
              message: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
            },
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
