import { SITE_STATUSES, type SiteStatus } from '@tradedesk/contract';
import type { CompanySettings } from '@tradedesk/contract/admin';
import { Alert, Button, Card, Form, Input, Radio, Skeleton } from 'antd';
import { notify } from '../../../lib/notify.ts';
import { useCompanySettings, useUpdateCompanySettings } from '../api/use-companies.ts';

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function StartupForm({ saved }: { saved: CompanySettings }) {
  const update = useUpdateCompanySettings();
  const [form] = Form.useForm<CompanySettings>();
  const status = Form.useWatch('company_status', form);
  const submit = (values: CompanySettings) =>
    update.mutate(
      {
        company_status: values.company_status as SiteStatus,
        company_type: values.company_type as 0 | 1,
        loss_url: values.loss_url.trim(),
      },
      { onSuccess: () => notify.success('Saved. Visitors get it on their next start.') },
    );
  return (
    <Form<CompanySettings>
      form={form}
      name="startup"
      layout="vertical"
      initialValues={saved}
      onFinish={submit}
      disabled={update.isPending}
    >
      <Form.Item name="company_status" label="Site">
        <Radio.Group
          options={[
            { value: SITE_STATUSES.on, label: 'On' },
            { value: SITE_STATUSES.off, label: 'Off: send visitors to the loss URL' },
          ]}
        />
      </Form.Item>
      {status === SITE_STATUSES.off ? (
        <Alert
          type="warning"
          showIcon
          className="startup-warning"
          title="Every visitor who opens the app is sent to the loss URL."
        />
      ) : null}
      <Form.Item name="company_type" label="Mode">
        <Radio.Group
          options={[
            { value: 1, label: 'Normal: /product searches instruments' },
            { value: 0, label: 'Main (company) mode: /product searches companies' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="loss_url"
        label="Loss URL"
        extra="An http(s) address; required to switch the site off."
        rules={[
          { max: 500 },
          {
            validator: (_, value: string) =>
              !value?.trim() || isHttpUrl(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error('Enter an http:// or https:// address')),
          },
        ]}
      >
        <Input inputMode="url" maxLength={500} placeholder="https://" data-testid="loss-url" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={update.isPending}
        data-testid="startup-save"
      >
        Save start-up check
      </Button>
    </Form>
  );
}

/** The start-up check every app start asks (SPEC.md §2); owners only. */
export function StartupCheckCard() {
  const { data, isPending, isError } = useCompanySettings(true);
  return (
    <Card title="Start-up check" className="settings-card">
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError ? (
        <Alert type="warning" title="The start-up check could not be loaded" />
      ) : (
        <StartupForm key={JSON.stringify(data)} saved={data} />
      )}
    </Card>
  );
}
