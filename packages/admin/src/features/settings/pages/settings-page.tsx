import {
  SERVICE_LINK_TYPE,
  SHOW_MOBILE,
  TRADE_FEE_TYPE,
  VERIFY_REG_TYPE,
} from '@tradedesk/contract';
import type { AdminSettings } from '@tradedesk/contract/admin';
import { Button, Card, Form, Input, Radio, Result, Select, Skeleton, Typography } from 'antd';
import type { AdminParamsOf } from '../../../lib/admin-api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSettings, useUpdateSettings } from '../api/use-settings.ts';

const SERVICE_LINK_TYPES = [
  { value: SERVICE_LINK_TYPE.chat, label: 'In-app chat' },
  { value: SERVICE_LINK_TYPE.dialog, label: 'Dialog with a copy button' },
  { value: SERVICE_LINK_TYPE.external, label: 'Open externally' },
];
const VERIFY_REG_TYPES = [
  { value: VERIFY_REG_TYPE.code, label: 'Code by e-mail / SMS' },
  { value: VERIFY_REG_TYPE.captcha, label: 'Captcha' },
];
const SHOW_MOBILE_OPTIONS = [
  { value: SHOW_MOBILE.off, label: 'Off: e-mail registration only' },
  { value: SHOW_MOBILE.withArea, label: 'Area prefix and number' },
  { value: SHOW_MOBILE.numberOnly, label: 'Number only' },
];
const TRADE_FEE_TYPES = [
  { value: TRADE_FEE_TYPE.perLot, label: 'Lots × fee rate' },
  { value: TRADE_FEE_TYPE.marginRate, label: 'Margin × fee rate' },
];

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The fields whose value differs from what the server holds: only those are sent. */
function changesOf(saved: AdminSettings, values: AdminSettings): Partial<AdminSettings> {
  const changes: Partial<Record<keyof AdminSettings, unknown>> = {};
  for (const key of Object.keys(values) as (keyof AdminSettings)[]) {
    const value = typeof values[key] === 'string' ? (values[key] as string).trim() : values[key];
    if (value !== saved[key]) changes[key] = value;
  }
  return changes as Partial<AdminSettings>;
}

function SettingsForm({ saved }: { saved: AdminSettings }) {
  const update = useUpdateSettings();
  const submit = (values: AdminSettings) => {
    const changes = changesOf(saved, values);
    if (Object.keys(changes).length === 0) {
      notify.info('Nothing has changed');
      return;
    }
    // The options above are the contract's choices, so the values are its literal types.
    update.mutate(changes as AdminParamsOf<'updateSettings'>, {
      onSuccess: () => notify.success('Settings saved. The apps use them from now on.'),
    });
  };

  return (
    <Form<AdminSettings>
      layout="vertical"
      initialValues={saved}
      onFinish={submit}
      disabled={update.isPending}
      className="settings-form"
    >
      <Form.Item
        name="app_name"
        label="App name"
        rules={[{ required: true, whitespace: true, message: 'Give the app a name' }, { max: 64 }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="service_link"
        label="Customer service link"
        extra="An external http(s) chat address; empty for the built-in support chat (answered under Support chat)."
        rules={[
          { max: 500 },
          {
            // A value the server already holds is left alone, whatever its form.
            validator: (_, value: string) =>
              !value?.trim() || value === saved.service_link || isHttpUrl(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error('Enter an http:// or https:// address')),
          },
        ]}
      >
        <Input inputMode="url" maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item name="service_link_type" label="How the link opens">
        <Radio.Group options={SERVICE_LINK_TYPES} />
      </Form.Item>
      <Form.Item name="verify_reg_type" label="Registration check">
        <Radio.Group options={VERIFY_REG_TYPES} />
      </Form.Item>
      <Form.Item name="is_show_mobile" label="Mobile number registration">
        <Select options={SHOW_MOBILE_OPTIONS} />
      </Form.Item>
      <Form.Item name="trade_fee_type" label="Trading fee">
        <Radio.Group options={TRADE_FEE_TYPES} />
      </Form.Item>
      <Form.Item
        name="complaint_email"
        label="Complaint e-mail"
        rules={[{ type: 'email', message: 'Enter an e-mail address' }, { max: 254 }]}
      >
        <Input inputMode="email" maxLength={254} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Save settings
      </Button>
    </Form>
  );
}

/** The settings the trader apps read (getBasicInfo); owners only. */
export function SettingsPage() {
  const { data, isPending, isError, refetch } = useSettings();
  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Settings</Typography.Title>
      </div>
      <Card className="settings-card">
        {isPending ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : isError ? (
          <Result
            status="warning"
            title="The settings could not be loaded"
            extra={<Button onClick={() => void refetch()}>Try again</Button>}
          />
        ) : (
          // Saved values from the server start the form afresh.
          <SettingsForm key={JSON.stringify(data)} saved={data} />
        )}
      </Card>
    </section>
  );
}
