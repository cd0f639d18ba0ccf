import { PlusOutlined } from '@ant-design/icons';
import type { Admin } from '@tradedesk/contract/admin';
import { ADMIN_ROLES } from '@tradedesk/contract/admin/roles';
import {
  App,
  Button,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { formatTime } from '../../../lib/format.ts';
import { PAGE_SIZE } from '../../../lib/list-params.ts';
import { notify } from '../../../lib/notify.ts';
import { useMe } from '../../../lib/operator.ts';
import { useDisableOperator, useOperators, useResetOperatorOtp } from '../api/use-operators.ts';
import { AddOperatorModal } from '../components/add-operator-modal.tsx';

const ROLE_FILTER = [
  { value: '', label: 'All roles' },
  ...ADMIN_ROLES.map((role) => ({ value: role, label: role })),
];

/** Operators of the back office (owners only): add one, reset one's two-factor, disable one. */
export function OperatorsPage() {
  const { data, isFetching } = useOperators();
  const { data: me } = useMe();
  const disable = useDisableOperator();
  const resetOtp = useResetOperatorOtp();
  const { modal } = App.useApp();
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);

  // The server answers every operator at once: filtered and paged here.
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (data ?? []).filter(
      (operator) =>
        (!needle || operator.email.toLowerCase().includes(needle)) &&
        (!role || operator.role === role),
    );
  }, [data, search, role]);

  const confirmDisable = (operator: Admin) =>
    modal.confirm({
      title: `Disable ${operator.email}?`,
      content: 'Their sessions end at once and their login is refused from now on.',
      okText: 'Disable',
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: () =>
        disable
          .mutateAsync(operator.id)
          .then(() => notify.success(`${operator.email} disabled`))
          .catch(() => undefined),
    });

  const confirmResetOtp = (operator: Admin) =>
    modal.confirm({
      title: `Reset two-factor of ${operator.email}?`,
      content:
        'For a lost phone: their sessions end at once, and they log in with the password alone until they enrol again.',
      okText: 'Reset two-factor',
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: () =>
        resetOtp
          .mutateAsync(operator.id)
          .then(() => notify.success(`Two-factor of ${operator.email} reset`))
          .catch(() => undefined),
    });

  const columns: TableColumnsType<Admin> = [
    { title: 'E-mail', dataIndex: 'email' },
    {
      title: 'Role',
      dataIndex: 'role',
      render: (value: string) => <Tag color="blue">{value}</Tag>,
    },
    {
      title: 'Two-factor',
      dataIndex: 'otp_enabled',
      render: (on: boolean) => (on ? <Tag color="green">On</Tag> : <Tag>Off</Tag>),
    },
    {
      title: 'Status',
      dataIndex: 'disabled',
      render: (disabled: boolean) =>
        disabled ? <Tag color="red">Disabled</Tag> : <Tag color="green">Active</Tag>,
    },
    { title: 'Created (UTC)', dataIndex: 'created_at', render: formatTime },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, operator) =>
        !operator.disabled &&
        operator.id !== me?.id && (
          <Space size="small">
            {operator.otp_enabled && (
              <Button size="small" onClick={() => confirmResetOtp(operator)}>
                Reset two-factor
              </Button>
            )}
            <Button size="small" danger onClick={() => confirmDisable(operator)}>
              Disable
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Operators</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add operator
        </Button>
      </div>
      <div className="filters">
        <Input.Search
          placeholder="E-mail"
          aria-label="Search operators"
          allowClear
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <Select
          className="role-filter"
          options={ROLE_FILTER}
          value={role}
          aria-label="Role"
          onChange={(value: string) => {
            setRole(value);
            setPage(1);
          }}
        />
      </div>
      <Table<Admin>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          showSizeChanger: false,
          showTotal: (total) => `${total} operators`,
          onChange: setPage,
        }}
      />
      <AddOperatorModal open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
