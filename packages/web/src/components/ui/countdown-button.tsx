import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A send-code button: after a successful send it counts down (60 s, SPEC.md §9) and then
 * re-enables. A failed send does not start the countdown.
 */
export function CountdownButton({
  seconds,
  onSend,
}: {
  seconds: number;
  onSend: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setRemaining(seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      className="countdown-button"
      disabled={remaining > 0}
      loading={sending}
      onClick={send}
    >
      {remaining > 0 ? t('public.resend_in', { seconds: remaining }) : t('public.send_code')}
    </Button>
  );
}
