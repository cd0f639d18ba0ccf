import { Input } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CountdownButton } from '../../../components/ui/countdown-button.tsx';
import { useCaptcha } from '../api/auth-api.ts';

/**
 * The code field with its send button, or (verify_reg_type 2) a captcha picture instead of
 * the button; tapping the picture fetches a new one.
 */
export function VerificationField({
  code,
  onCode,
  sender,
  captcha,
  onCaptchaKey,
}: {
  code: string;
  onCode: (code: string) => void;
  /**
   * Where a sent code goes (`useContactForm`'s codeAddress; its countdown is kept under it)
   * and how to send it, resolving the seconds to wait before the next. Not with a captcha.
   */
  sender?: { address: string; send: () => Promise<number> };
  captcha: boolean;
  onCaptchaKey?: (key: string) => void;
}) {
  const { t } = useTranslation();
  const image = useCaptcha(captcha);
  const key = captcha ? image.data?.key : undefined;
  useEffect(() => {
    if (key) onCaptchaKey?.(key);
  }, [key, onCaptchaKey]);
  return (
    <div className="field">
      <Input
        name="code"
        inputMode={captcha ? 'text' : 'numeric'}
        maxLength={captcha ? 8 : 6}
        placeholder={captcha ? t('register.captcha_placeholder') : t('register.code_placeholder')}
        value={code}
        onChange={onCode}
        autoComplete="one-time-code"
      />
      {captcha ? (
        <button
          type="button"
          className="captcha-image"
          onClick={() => image.refetch()}
          title={t('register.captcha_refresh')}
        >
          {image.data ? <img src={image.data.img} alt={t('register.captcha_refresh')} /> : null}
        </button>
      ) : sender ? (
        <CountdownButton address={sender.address} onSend={sender.send} />
      ) : null}
    </div>
  );
}
