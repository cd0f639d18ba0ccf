import { Modal } from 'antd';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  open: boolean;
  title: string;
  okText: string;
  /** The test id of the OK button: `deposit-confirm`, `withdrawal-confirm`. */
  confirmTestId: string;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** What the decision will do, in money: read before clicking. */
  children: ReactNode;
}

/** A decision without words to add (an approval), confirmed once more. */
export function ConfirmModal({
  open,
  title,
  okText,
  confirmTestId,
  pending,
  onConfirm,
  onCancel,
  children,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ loading: pending, 'data-testid': confirmTestId }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
