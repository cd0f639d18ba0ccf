import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';

/** The login password, with an eye that shows or hides what was typed. */
export function PasswordField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <Input
        name="password"
        type={visible ? 'text' : 'password'}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        autoComplete="current-password"
      />
      <button
        type="button"
        className="field-icon"
        onClick={() => setVisible(!visible)}
        aria-label="toggle password"
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
