import { Input, type InputProps } from 'antd';

/** The rules of a six-digit one-time code field. */
export const OTP_RULES = [
  { required: true, message: 'Enter the 6-digit code' },
  { pattern: /^\d{6}$/, message: 'The code has 6 digits' },
];

/** A one-time code from an authenticator app: digits only, filled in by password managers. */
export function OtpInput(props: InputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      className="otp-input"
      {...props}
    />
  );
}
