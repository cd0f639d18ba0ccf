import { PlusOutlined } from '@ant-design/icons';
import type { AdminCompany } from '@tradedesk/contract/admin';
import { Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/operator.ts';
import { useCompanies, useDeleteCompany, useSaveCompany } from '../api/use-companies.ts';
import { CompanyFormModal } from '../components/company-form-modal.tsx';
import { StartupCheckCard } from '../components/startup-check-card.tsx';

/**
 * Company mode: the providers traders choose from on /product in main mode (support and
 * owners), and the start-up check that switches main mode and the site itself (owners).
 */
export function CompaniesPage() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useCompanies(page);
  const save = useSaveCompany();
  const remove = useDeleteCompany();
  const canSetStartup = useCan('updateCompanySettings');
  // undefined: closed; null: adding; a company: editing it.
  const [editing, setEditing] = useState<AdminCompany | null>();

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Companies</Typography.Title>
      </div>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {canSetStartup ? <StartupCheckCard /> : null}
        <Card
          title="Providers"
          extra={
            <Button
              icon={<PlusOutlined />}
              onClick={() => setEditing(null)}
              data-testid="company-add"
            >
              Add a company
            </Button>
          }
        >
          <Table<AdminCompany>
            rowKey="id"
            loading={isPending}
            dataSource={data?.data}
            pagination={{
              current: page,
              total: data?.total ?? 0,
              pageSize: 20,
              onChange: setPage,
              showSizeChanger: false,
            }}
            columns={[
              { title: 'Name', dataIndex: 'name' },
              { title: 'Main company', dataIndex: 'subject' },
              { title: 'Contact e-mail', dataIndex: 'email' },
              {
                title: 'Search',
                dataIndex: 'enabled',
                render: (enabled: boolean) =>
                  enabled ? <Tag color="green">Published</Tag> : <Tag>Hidden</Tag>,
              },
              {
                title: '',
                key: 'actions',
                render: (_, company) => (
                  <Space>
                    <Button size="small" onClick={() => setEditing(company)}>
                      Edit
                    </Button>
                    <Popconfirm
                      title={`Remove ${company.name}?`}
                      description="Traders who chose it keep its id in their cookie but no longer see it."
                      okText="Remove"
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        remove.mutateAsync(company.id).then(() => notify.success('Removed'))
                      }
                    >
                      <Button size="small" danger>
                        Remove
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Space>
      <CompanyFormModal
        open={editing !== undefined}
        company={editing ?? undefined}
        pending={save.isPending}
        onCancel={() => setEditing(undefined)}
        onSubmit={(values) =>
          save.mutate(values, {
            onSuccess: () => {
              notify.success('Saved');
              setEditing(undefined);
            },
          })
        }
      />
    </section>
  );
}
