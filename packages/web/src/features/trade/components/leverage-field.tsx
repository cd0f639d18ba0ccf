import type { Instrument } from '@tradedesk/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';

// antd-mobile's Picker (a popup with its animation library) loads on the first tap, not with
// the form.
const Picker = lazy(() => import('./leverage-picker.tsx'));

/**
 * The order's leverage, picked among the instrument's (SPEC.md §5). A fixed-margin instrument
 * has none to pick; one without any configured says so instead of opening an empty picker.
 */
export function LeverageField(props: {
  instrument: Instrument;
  value: number;
  onChange(leverage: number): void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  // Mounted from its first opening on, so that it can animate closed.
  const [pickerUsed, setPickerUsed] = useState(false);
  useBackCloses(picking, () => setPicking(false));
  const options = props.instrument.HasForexMultiple.map((m) => m.Value);
  return (
    <>
      {props.instrument.MarginMode === 1 ? (
        <span>{t('market.fixed_margin')}</span>
      ) : (
        <button
          type="button"
          className="order-leverage"
          onClick={() => {
            if (options.length === 0) return toast.show({ content: t('trade.no_mult') });
            setPickerUsed(true);
            setPicking(true);
          }}
          data-testid="order-leverage"
        >
          {options.length === 0 ? t('trade.no_mult') : `1:${props.value}`}
        </button>
      )}
      {/* The picker is a popup on document.body: where it sits here does not show. */}
      {pickerUsed ? (
        <Suspense fallback={null}>
          <Picker
            visible={picking}
            columns={[options.map((value) => ({ label: `1:${value}`, value: String(value) }))]}
            value={[String(props.value)]}
            onClose={() => setPicking(false)}
            onConfirm={(v) => v[0] && props.onChange(Number(v[0]))}
            confirmText={t('public.confirm')}
            cancelText={t('public.cancel')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
