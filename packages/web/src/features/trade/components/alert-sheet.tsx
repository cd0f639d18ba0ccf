import { Button, Popup } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useAlerts } from '../api/use-alerts.ts';
import { alertsOf } from '../lib/alerts.ts';
import { AlertForm, type AlertInstrument } from './alert-form.tsx';
import { AlertList } from './alert-list.tsx';
import '../order-management.css';
import '../alerts.css';

/**
 * The trade page's bell (issue 41): a sheet to set a price alert on the instrument shown, its
 * price a point a tap from the price now, and the instrument's alerts under it.
 */
export function AlertAction({ instrument }: { instrument: AlertInstrument }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  useBackCloses(open, close);
  const { data } = useAlerts();
  const mine = alertsOf(data?.data, instrument.Id);
  return (
    <>
      <Button
        size="mini"
        fill="outline"
        className="alert-action"
        onClick={() => setOpen(true)}
        data-testid="alert-action"
      >
        <BellOutline /> {t('alerts.action')}
      </Button>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        bodyClassName="order-detail order-sheet alert-sheet"
        showCloseButton
        destroyOnClose
      >
        {open ? (
          <div data-testid="alert-sheet">
            <AlertForm instrument={instrument} />
            <h3 className="alert-list-title">{t('alerts.title')}</h3>
            <AlertList alerts={mine} />
          </div>
        ) : null}
      </Popup>
    </>
  );
}
