import { Form, Input } from 'antd';
import type { ReactNode } from 'react';

interface TextFieldProps {
  name: string;
  label: ReactNode;
  maxLength: number;
  required?: boolean;
  extra?: ReactNode;
  /** Spans both columns of the form (an address, a remark). */
  wide?: boolean;
}

/** A text of a configuration form, bounded like the server's field. */
export function TextField({
  name,
  label,
  maxLength,
  required = true,
  extra,
  wide,
}: TextFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      className={wide ? 'config-form-wide' : undefined}
      rules={[
        ...(required ? [{ required: true, whitespace: true, message: 'Required' }] : []),
        { max: maxLength, message: `At most ${maxLength} characters` },
      ]}
    >
      <Input maxLength={maxLength} autoComplete="off" spellCheck={false} />
    </Form.Item>
  );
}
