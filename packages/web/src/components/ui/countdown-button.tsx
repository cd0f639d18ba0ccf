import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCountdownEnd, saveCountdownEnd } from '../../lib/code-countdown.ts';

/**
 * A send-code button for one address. `onSend` resolves the seconds to wait before the next
 * code (60 after a send, SPEC.md §9; the server's figure when it refuses one as too soon;
 * 0 after any other refusal). The end is kept per address for the tab, so leaving the page
 * and coming back shows the seconds still to wait rather than a button the server refuses.
 */
export function CountdownButton({
  address,
  onSend,
}: {
  address: string;
  onSend: () => Promise<number>;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  const [countdown, setCountdown] = useState(() => ({
    address,
    endsAt: readCountdownEnd(address, Date.now()),
  }));
  const [sending, setSending] = useState(false);
  // Another address typed (or a send finished for the one typed before): the countdown of
  // the address on screen, if it has one.
  if (countdown.address !== address) {
    const at = Date.now();
    setNow(at);
    setCountdown({ address, endsAt: readCountdownEnd(address, at) });
  }
  const { endsAt } = countdown;
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    // Ticks on the countdown's own seconds, however late the page came back to it.
    const timer = setTimeout(() => setNow(Date.now()), (endsAt - now) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [remaining, endsAt, now]);

  const send = async () => {
    setSending(true);
    const sentTo = address;
    try {
      const waitSeconds = await onSend();
      if (waitSeconds > 0) {
        const at = Date.now();
        saveCountdownEnd(sentTo, at + waitSeconds * 1000);
        setNow(at);
        setCountdown({ address: sentTo, endsAt: at + waitSeconds * 1000 });
      }
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
