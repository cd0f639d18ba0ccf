import { Button, Popup } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useAlerts } from '../api/use-alerts.ts';
import { type AlertDraft, type AlertPreset, alertsOf, draftAt } from '../lib/alerts.ts';
import { AlertForm, type AlertInstrument } from './alert-form.tsx';
import { AlertList } from './alert-list.tsx';
import '../order-management.css';
import '../alerts.css';

/**
 * The trade page's bell (issue 41): a sheet to set a price alert on the instrument shown, its
 * price a point a tap from the price now, and the instrument's alerts under it. A level tapped
 * on the chart's price scale (`preset`) opens it too, set to that level.
 */
export function AlertAction({
  instrument,
  preset,
}: {
  instrument: AlertInstrument;
  preset?: AlertPreset | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<Pick<AlertDraft, 'condition' | 'price'>>();
  // Each tap is a new preset: adjusted while rendering, as for any prop that changed, with the
  // bid of the moment of the tap.
  const [presetSeen, setPresetSeen] = useState<AlertPreset>();
  if (preset !== presetSeen) {
    setPresetSeen(preset);
    if (preset?.forexId === instrument.Id) {
      setStart(draftAt(instrument, preset.price));
      setOpen(true);
    }
  }
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
        onClick={() => {
          setStart(undefined);
          setOpen(true);
        }}
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
            <AlertForm instrument={instrument} start={start} />
            <h3 className="alert-list-title">{t('alerts.title')}</h3>
            <AlertList alerts={mine} />
          </div>
        ) : null}
      </Popup>
    </>
  );
}
