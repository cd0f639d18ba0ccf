import { OPERATOR_PASSWORD_MIN, PASSWORD_MAX } from '@tradedesk/contract';
import {
  ADMIN_ROLES,
  type AdminRole,
  roleMay,
  UPLOAD_READERS,
} from '@tradedesk/contract/admin/roles';
import { ADMIN_ROUTES, type AdminRouteName } from '@tradedesk/contract/admin/routes';
import { Form, Input, Modal, Select } from 'antd';
import { notify } from '../../../lib/notify.ts';
import { useCreateOperator } from '../api/use-operators.ts';

/** Areas of the back office, each named by one call it needs. */
const AREAS: readonly [label: string, route: AdminRouteName][] = [
  ['users', 'users'],
  ['disable users and set credit', 'disableUser'],
  ['identity reviews', 'approveIdentity'],
  ['deposits and withdrawals', 'approveDeposit'],
  ['funding configuration', 'saveNetwork'],
  ['settings', 'updateSettings'],
  ['operators', 'createOperator'],
  ['audit log', 'audit'],
];

/** What a role may do, read from the contract's route table. */
function roleHint(role: AdminRole): string {
  if (role === 'owner') return 'everything';
  const areas = AREAS.filter(([, route]) => roleMay(role, ADMIN_ROUTES[route].access)).map(
    ([label]) => label,
  );
  if (roleMay(role, UPLOAD_READERS.identity)) areas.push('traders’ identity documents');
  if (roleMay(role, UPLOAD_READERS.deposit)) areas.push('deposit proofs');
  return areas.join(', ') || 'no pages yet';
}

const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({
  value: role,
  label: `${role} — ${roleHint(role)}`,
}));

interface NewOperator {
  email: string;
  password: string;
  role: AdminRole;
}

export function AddOperatorModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useCreateOperator();
  const submit = (values: NewOperator) =>
    create.mutate(
      { ...values, email: values.email.trim() },
      {
        onSuccess: (operator) => {
          notify.success(`${operator.email} can now log in as ${operator.role}`);
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title="Add operator"
      okText="Add operator"
      okButtonProps={{ htmlType: 'submit', loading: create.isPending }}
      onCancel={onClose}
      destroyOnHidden
      // The dialog's buttons sit inside the form: Enter in a field or OK submits it.
      modalRender={(dialog) => (
        <Form<NewOperator>
          layout="vertical"
          requiredMark={false}
          initialValues={{ role: 'support' }}
          onFinish={submit}
          disabled={create.isPending}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item
        name="email"
        label="E-mail"
        rules={[
          { required: true, type: 'email', message: 'Enter an e-mail address' },
          { max: 254 },
        ]}
      >
        <Input inputMode="email" autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label="Initial password"
        extra={`${OPERATOR_PASSWORD_MIN} to ${PASSWORD_MAX} characters; give it to them by a separate channel.`}
        rules={[
          { required: true, message: 'Enter a password' },
          {
            min: OPERATOR_PASSWORD_MIN,
            max: PASSWORD_MAX,
            message: `${OPERATOR_PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="role" label="Role" rules={[{ required: true }]}>
        <Select options={ROLE_OPTIONS} />
      </Form.Item>
    </Modal>
  );
}
