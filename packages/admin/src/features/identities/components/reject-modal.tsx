import { Form, Input, Modal } from 'antd';

interface RejectModalProps {
  open: boolean;
  uid: string;
  pending: boolean;
  onReject(reason: string): void;
  onCancel(): void;
}

/** Rejecting needs a reason: the trader reads it and submits again. */
export function RejectModal({ open, uid, pending, onReject, onCancel }: RejectModalProps) {
  return (
    <Modal
      open={open}
      title={`Reject the identity of ${uid}`}
      okText="Reject"
      okButtonProps={{ danger: true, htmlType: 'submit', loading: pending }}
      onCancel={onCancel}
      destroyOnHidden
      // The dialog's buttons sit inside the form, so its OK button submits it.
      modalRender={(dialog) => (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={({ reason }: { reason: string }) => onReject(reason.trim())}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item
        name="reason"
        label="Reason shown to the trader"
        rules={[
          { required: true, whitespace: true, message: 'Give the trader a reason' },
          { max: 500, message: 'At most 500 characters' },
        ]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount autoFocus />
      </Form.Item>
    </Modal>
  );
}
