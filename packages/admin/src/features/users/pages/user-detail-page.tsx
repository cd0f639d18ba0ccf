import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Col, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { readPositiveInt } from '../../../lib/list-params.ts';
import { useUser } from '../api/use-user.ts';
import { AccountCard } from '../components/account-card.tsx';
import { IdentityCard } from '../components/identity-card.tsx';
import { InviteesTable } from '../components/invitees-table.tsx';
import { LedgerTable } from '../components/ledger-table.tsx';
import { OrdersTable } from '../components/orders-table.tsx';
import { ProfileCard } from '../components/profile-card.tsx';

/** One trader, everything operators look at: /users/:id, the ledger page in ?ledger_page=. */
export function UserDetailPage() {
  const id = readPositiveInt(useParams().id ?? null, 0);
  const [search, setSearch] = useSearchParams();
  const ledgerPage = readPositiveInt(search.get('ledger_page'), 1);
  const { data, isPending, isError, isFetching, refetch } = useUser(id, ledgerPage);

  const back = (
    <Link to="/users">
      <ArrowLeftOutlined /> Users
    </Link>
  );
  if (id === 0) return <Result status="404" title="No such user" extra={back} />;
  if (isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (isError)
    return (
      <Result
        status="warning"
        title="This user could not be loaded"
        extra={
          <Space>
            {back}
            <Button onClick={() => void refetch()}>Try again</Button>
          </Space>
        }
      />
    );

  const { user } = data;
  const setLedgerPage = (page: number) =>
    setSearch(page > 1 ? { ledger_page: String(page) } : {}, { replace: true });

  return (
    <section className="stack">
      <div>{back}</div>
      <div className="page-title">
        <Typography.Title level={2}>
          User {user.uid} {user.is_demo ? <Tag>Demo</Tag> : null}
          {user.disabled ? <Tag color="red">Disabled</Tag> : null}
        </Typography.Title>
      </div>
      <Row gutter={[16, 16]}>
        <Col span={14}>
          <ProfileCard user={user} />
        </Col>
        <Col span={10}>
          <AccountCard user={user} />
        </Col>
      </Row>
      <OrdersTable orders={data.orders} />
      <LedgerTable
        rows={data.ledger.data}
        total={data.ledger.total}
        page={ledgerPage}
        loading={isFetching}
        onPage={setLedgerPage}
      />
      <IdentityCard identity={data.identity} />
      <InviteesTable invitees={data.invitees} />
    </section>
  );
}
