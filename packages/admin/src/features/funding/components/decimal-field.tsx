import { Form, type FormRule, Input } from 'antd';
import type { ReactNode } from 'react';
import { type DecimalRule, decimalProblem } from '../lib/decimal-text.ts';

interface DecimalFieldProps {
  name: string;
  label: ReactNode;
  rule: DecimalRule;
  extra?: ReactNode;
  /** Fields whose change re-checks this one (a maximum against its minimum). */
  dependencies?: string[];
  /** Checks beyond the decimal's own form. */
  rules?: FormRule[];
  testId?: string;
}

/**
 * A price, rate or limit edited as text and checked as a plain decimal, the form the server
 * takes. Never a number input: its value would be a float.
 */
export function DecimalField({
  name,
  label,
  rule,
  extra,
  dependencies,
  rules = [],
  testId,
}: DecimalFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      dependencies={dependencies}
      rules={[
        {
          validator: (_, value: unknown) => {
            const problem = decimalProblem(typeof value === 'string' ? value : '', rule);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
        ...rules,
      ]}
    >
      <Input
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        data-testid={testId}
      />
    </Form.Item>
  );
}
