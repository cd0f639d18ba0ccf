import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';

/** What a configuration row's form is given: the row being edited (none for a new one). */
export interface ConfigFormProps<Row, Values> {
  open: boolean;
  current: Row | undefined;
  pending: boolean;
  onSubmit(values: Values): void;
  onCancel(): void;
}

interface ConfigFormModalProps<T> {
  open: boolean;
  title: string;
  initialValues: Partial<T>;
  pending: boolean;
  /** The form's name, which prefixes its fields' ids (`network_min`): unique on the page. */
  name: string;
  /** The save button's test id: `network-save`, `wire-save`, `draw-currency-save`. */
  saveTestId: string;
  onSubmit(values: T): void;
  onCancel(): void;
  children: ReactNode;
}

/** A configuration row's add or edit form, in a dialog whose Save submits it. */
export function ConfigFormModal<T>({
  open,
  title,
  initialValues,
  pending,
  name,
  saveTestId,
  onSubmit,
  onCancel,
  children,
}: ConfigFormModalProps<T>) {
  return (
    <Modal
      open={open}
      title={title}
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: pending, 'data-testid': saveTestId }}
      onCancel={onCancel}
      width={720}
      destroyOnHidden
      // The dialog's buttons sit inside the form: Enter in a field or Save submits it.
      modalRender={(dialog) => (
        <Form<T>
          name={name}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          onFinish={onSubmit}
          disabled={pending}
        >
          {dialog}
        </Form>
      )}
    >
      <div className="config-form">{children}</div>
    </Modal>
  );
}
