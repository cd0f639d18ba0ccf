import { CODE_RESEND_SECONDS } from '@tradedesk/contract';
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
  onSend,
  captcha,
  onCaptchaKey,
}: {
  code: string;
  onCode: (code: string) => void;
  onSend: () => Promise<boolean>;
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
      ) : (
        <CountdownButton seconds={CODE_RESEND_SECONDS} onSend={onSend} />
      )}
    </div>
  );
}
