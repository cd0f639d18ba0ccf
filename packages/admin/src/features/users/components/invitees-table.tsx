import type { AdminUserDetail } from '@tradedesk/contract/admin';
import { Card, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ReviewStatusTag } from '../../../components/review-status-tag.tsx';
import { formatTime, orDash } from '../../../lib/format.ts';
import { PAGE_SIZE } from '../../../lib/list-params.ts';

type Invitee = AdminUserDetail['invitees'][number];

const columns: TableColumnsType<Invitee> = [
  {
    title: 'UID',
    dataIndex: 'uid',
    render: (uid: string, invitee) => <Link to={`/users/${invitee.id}`}>{uid}</Link>,
  },
  { title: 'E-mail', dataIndex: 'email', render: orDash },
  { title: 'Mobile', dataIndex: 'mobile', render: orDash },
  {
    title: 'Identity',
    dataIndex: 'review_status',
    render: (status: number) => <ReviewStatusTag status={status} />,
  },
  { title: 'Joined (UTC)', dataIndex: 'created_at', render: formatTime },
];

/** The traders who registered with this trader's invite code. */
export function InviteesTable({ invitees }: { invitees: readonly Invitee[] }) {
  return (
    <Card title={`Invitees (${invitees.length})`}>
      <Table<Invitee>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={invitees}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}
