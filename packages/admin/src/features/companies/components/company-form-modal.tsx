import type { AdminCompany } from '@tradedesk/contract/admin';
import { Form, Input, Modal, Switch } from 'antd';
import type { AdminParamsOf } from '../../../lib/admin-api.ts';

export type CompanyValues = Omit<AdminCompany, 'id' | 'updated_at'>;

const EMPTY: CompanyValues = {
  name: '',
  logo: '',
  url: '',
  subject: '',
  registered_address: '',
  location: '',
  email: '',
  enabled: true,
};

function httpsOrEmpty(_: unknown, value: string | undefined): Promise<void> {
  if (!value?.trim()) return Promise.resolve();
  try {
    if (new URL(value.trim()).protocol === 'https:') return Promise.resolve();
  } catch {}
  return Promise.reject(new Error('Enter an https:// address'));
}

/** Adds (company undefined) or edits a company in a dialog whose Save submits the form. */
export function CompanyFormModal({
  open,
  company,
  pending,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  company: AdminCompany | undefined;
  pending: boolean;
  onSubmit(values: AdminParamsOf<'saveCompany'>): void;
  onCancel(): void;
}) {
  const submit = (values: CompanyValues) => {
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
    ) as CompanyValues;
    onSubmit(company ? { ...trimmed, id: company.id } : trimmed);
  };
  return (
    <Modal
      open={open}
      title={company ? `Edit ${company.name}` : 'Add a company'}
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: pending, 'data-testid': 'company-save' }}
      onCancel={onCancel}
      width={720}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<CompanyValues>
          name="company"
          layout="vertical"
          requiredMark={false}
          initialValues={company ?? EMPTY}
          onFinish={submit}
          disabled={pending}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item
        name="name"
        label="Name (what traders search by)"
        rules={[
          { required: true, whitespace: true, message: 'Give the company a name' },
          { max: 100 },
        ]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="subject" label="Main company" rules={[{ max: 200 }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="registered_address" label="Registered address" rules={[{ max: 300 }]}>
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="location" label="Office address" rules={[{ max: 300 }]}>
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item
        name="email"
        label="Contact e-mail"
        rules={[{ type: 'email', message: 'Enter an e-mail address' }, { max: 254 }]}
      >
        <Input inputMode="email" maxLength={254} />
      </Form.Item>
      <Form.Item name="url" label="Website" rules={[{ validator: httpsOrEmpty }]}>
        <Input inputMode="url" placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item
        name="logo"
        label="Logo URL"
        extra="An https image address; empty shows the initials."
        rules={[{ validator: httpsOrEmpty }]}
      >
        <Input inputMode="url" placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item
        name="enabled"
        label="Published (shown in traders' search)"
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
    </Modal>
  );
}
