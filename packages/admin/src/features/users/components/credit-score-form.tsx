import { Button, Form, InputNumber, Space } from 'antd';
import { notify } from '../../../lib/notify.ts';
import { useSetCreditScore } from '../api/use-user-actions.ts';

/** A trader's credit score, 0 to 1000, set by support. */
export function CreditScoreForm({ userId, score }: { userId: number; score: number }) {
  const setScore = useSetCreditScore();
  return (
    <Form
      // A new value from the server resets the field.
      key={score}
      layout="inline"
      initialValues={{ credit_score: score }}
      disabled={setScore.isPending}
      onFinish={({ credit_score }: { credit_score: number }) =>
        setScore.mutate(
          { id: userId, credit_score },
          { onSuccess: () => notify.success('Credit score saved') },
        )
      }
    >
      <Space.Compact>
        <Form.Item
          name="credit_score"
          noStyle
          rules={[{ required: true, type: 'integer', min: 0, max: 1000, message: '0 to 1000' }]}
        >
          <InputNumber min={0} max={1000} precision={0} aria-label="Credit score" />
        </Form.Item>
        <Button htmlType="submit" loading={setScore.isPending}>
          Save
        </Button>
      </Space.Compact>
    </Form>
  );
}
