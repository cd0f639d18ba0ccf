import type { Instrument } from '@tradedesk/contract';
import { Picker, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const options = props.instrument.HasForexMultiple.map((m) => m.Value);
  return (
    <>
      {props.instrument.MarginMode === 1 ? (
        <span>{t('market.fixed_margin')}</span>
      ) : (
        <button
          type="button"
          className="order-leverage"
          onClick={() =>
            options.length > 0 ? setPicking(true) : Toast.show({ content: t('trade.no_mult') })
          }
          data-testid="order-leverage"
        >
          {options.length === 0 ? t('trade.no_mult') : `1:${props.value}`}
        </button>
      )}
      {/* The picker is a popup on document.body: where it sits here does not show. */}
      <Picker
        visible={picking}
        columns={[options.map((value) => ({ label: `1:${value}`, value: String(value) }))]}
        value={[String(props.value)]}
        onClose={() => setPicking(false)}
        onConfirm={(v) => v[0] && props.onChange(Number(v[0]))}
        confirmText={t('public.confirm')}
        cancelText={t('public.cancel')}
      />
    </>
  );
}
