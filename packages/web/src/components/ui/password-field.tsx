import { Input } from 'antd-mobile';

/** A password input in the app's field frame. */
export function PasswordField(props: {
  name: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <div className="field">
      <Input type="password" {...props} />
    </div>
  );
}
