import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSendTestNotification } from '../api/notification-settings-api.ts';
import { usePushDevice } from '../hooks/use-push-device.ts';
import { PUSH_STATES } from '../lib/push-support.ts';

/**
 * "Notifications on this device": where push stands here, the button that turns it on or off,
 * a test, and iOS's condition (push reaches only a Home Screen app, from 16.4).
 */
export function PushDeviceSection({ devices }: { devices: number }) {
  const { t } = useTranslation();
  const { state, busy, turnOn, turnOff } = usePushDevice();
  const on = state === PUSH_STATES.on;
  const test = useSendTestNotification();
  return (
    <section className="notif-section" data-testid="push-device">
      <div className="notif-row">
        <h2>{t('notifications.device_title')}</h2>
        <span className="notif-state" data-state={state} data-testid="push-state">
          {t(`notifications.state_${state}`)}
        </span>
      </div>
      {on || state === PUSH_STATES.off ? (
        <Button
          block
          color={on ? 'default' : 'primary'}
          loading={busy}
          onClick={() => void (on ? turnOff() : turnOn())}
          data-testid="push-toggle"
        >
          {on ? t('notifications.turn_off') : t('notifications.turn_on')}
        </Button>
      ) : null}
      <p className="notif-note" data-testid="push-devices">
        {t('notifications.devices', { n: devices })}
      </p>
      <Button
        block
        fill="outline"
        disabled={test.isPending}
        onClick={() => test.mutate()}
        data-testid="push-test"
      >
        {t('notifications.send_test')}
      </Button>
      <p className="notif-note">{t('notifications.ios_note')}</p>
    </section>
  );
}
