import { COMPLAINT_LIMITS } from '@tradedesk/contract';
import type { AdminComplaint } from '@tradedesk/contract/admin';
import { Form, Input, Modal, Typography } from 'antd';
import { notify } from '../../../lib/notify.ts';
import { useAnswerComplaint } from '../api/use-complaints.ts';

/**
 * The desk's answer to one complaint, shown to its trader under the complaint in the app. One
 * answer per complaint: it cannot be changed once the trader may have read it.
 */
export function AnswerComplaintModal({
  complaint,
  onClose,
}: {
  complaint: AdminComplaint | null;
  onClose(): void;
}) {
  const answer = useAnswerComplaint();
  const submit = ({ text }: { text: string }) => {
    if (!complaint) return;
    answer.mutate(
      { id: complaint.id, answer: text.trim() },
      {
        onSuccess: () => {
          notify.success(`Answer sent to ${complaint.uid}`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={complaint !== null}
      title={complaint ? `Answer complaint #${complaint.id}` : 'Answer complaint'}
      okText="Send answer"
      okButtonProps={{
        htmlType: 'submit',
        loading: answer.isPending,
        'data-testid': 'answer-complaint-send',
      }}
      onCancel={onClose}
      destroyOnHidden
      // The dialog's buttons sit inside the form, so its OK button submits it.
      modalRender={(dialog) => (
        <Form layout="vertical" requiredMark={false} onFinish={submit}>
          {dialog}
        </Form>
      )}
    >
      {complaint ? (
        <div className="complaint-quote">
          <Typography.Text strong>{complaint.subject}</Typography.Text>
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 4, expandable: true, symbol: 'more' }}
            style={{ whiteSpace: 'pre-wrap' }}
          >
            {complaint.message}
          </Typography.Paragraph>
        </div>
      ) : null}
      <Form.Item
        name="text"
        label="Answer (the trader reads it in the app; it cannot be changed once sent)"
        rules={[
          { required: true, whitespace: true, message: 'Write the answer' },
          {
            max: COMPLAINT_LIMITS.answerMax,
            message: `At most ${COMPLAINT_LIMITS.answerMax} characters`,
          },
        ]}
      >
        <Input.TextArea
          rows={5}
          maxLength={COMPLAINT_LIMITS.answerMax}
          showCount
          autoFocus
          data-testid="answer-complaint-text"
        />
      </Form.Item>
    </Modal>
  );
}
