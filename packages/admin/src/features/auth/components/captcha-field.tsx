import { ReloadOutlined } from '@ant-design/icons';
import type { Captcha } from '@tradedesk/contract';
import { Button, Form, Input, Space } from 'antd';

/**
 * The characters of a captcha picture, asked for after repeated failed logins of the operator
 * (CAPTCHA_REQUIRED). Clicking the picture draws another.
 */
export function CaptchaField({
  captcha,
  loading,
  onRefresh,
}: {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh: () => void;
}) {
  return (
    <Form.Item label="Characters in the picture" required>
      <Space.Compact className="login-captcha">
        <Form.Item
          name="captcha_code"
          noStyle
          rules={[{ required: true, message: 'Enter the characters in the picture' }]}
        >
          <Input
            aria-label="Characters in the picture"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={8}
            size="large"
          />
        </Form.Item>
        <Button
          className="login-captcha-image"
          onClick={onRefresh}
          loading={loading}
          aria-label="Show another picture"
          title="Show another picture"
          size="large"
          icon={captcha || loading ? undefined : <ReloadOutlined />}
        >
          {captcha && !loading ? (
            <img src={captcha.img} alt="The characters to type" height={36} />
          ) : null}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
