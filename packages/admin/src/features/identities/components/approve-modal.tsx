import { Modal, Typography } from 'antd';

interface ApproveModalProps {
  open: boolean;
  uid: string;
  name: string;
  cardId: string;
  pending: boolean;
  onApprove(): void;
  onCancel(): void;
}

/**
 * Approving makes the trader verified: a stray click must not, so the operator confirms it
 * with the name and card id in front of them once more (as rejecting asks for a reason).
 */
export function ApproveModal({
  open,
  uid,
  name,
  cardId,
  pending,
  onApprove,
  onCancel,
}: ApproveModalProps) {
  return (
    <Modal
      open={open}
      title={`Approve the identity of ${uid}?`}
      okText="Approve"
      okButtonProps={{ loading: pending }}
      onOk={onApprove}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        The documents match <Typography.Text strong>{name || '—'}</Typography.Text>, card id{' '}
        <Typography.Text strong>{cardId || '—'}</Typography.Text>. The trader becomes verified.
      </Typography.Paragraph>
    </Modal>
  );
}
