import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';

interface TextDecisionModalProps {
  open: boolean;
  title: string;
  /** The field's label: who reads the text (the trader, the ledger). */
  label: string;
  okText: string;
  /** Rejections are red; recording a payment is not. */
  danger?: boolean;
  maxLength: number;
  /** Shown when the field is left empty. */
  requiredMessage: string;
  fieldTestId: string;
  confirmTestId: string;
  pending: boolean;
  onSubmit(text: string): void;
  onCancel(): void;
  /** What the decision does besides recording the text. */
  children?: ReactNode;
}

/** A decision that needs words: a rejection's reason, an invalid deposit's remark, a reference. */
export function TextDecisionModal({
  open,
  title,
  label,
  okText,
  danger = false,
  maxLength,
  requiredMessage,
  fieldTestId,
  confirmTestId,
  pending,
  onSubmit,
  onCancel,
  children,
}: TextDecisionModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, htmlType: 'submit', loading: pending, 'data-testid': confirmTestId }}
      onCancel={onCancel}
      destroyOnHidden
      // The dialog's buttons sit inside the form, so its OK button submits it.
      modalRender={(dialog) => (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={({ text }: { text: string }) => onSubmit(text.trim())}
        >
          {dialog}
        </Form>
      )}
    >
      {children}
      <Form.Item
        name="text"
        label={label}
        rules={[
          { required: true, whitespace: true, message: requiredMessage },
          { max: maxLength, message: `At most ${maxLength} characters` },
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={maxLength}
          showCount
          autoFocus
          data-testid={fieldTestId}
        />
      </Form.Item>
    </Modal>
  );
}
