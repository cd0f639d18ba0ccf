import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Mode } from '../lib/order-draft.ts';

/** At market or pending at a target price. Tapping the chosen mode again keeps it. */
export function ModeSwitch({ value, onChange }: { value: Mode; onChange(mode: Mode): void }) {
  const { t } = useTranslation();
  return (
    <Selector
      className="order-mode"
      columns={2}
      value={[value]}
      onChange={(v) => v[0] && onChange(v[0])}
      options={[
        { label: t('trade.market_order'), value: 'market' as Mode },
        { label: t('trade.pending_order'), value: 'pending' as Mode },
      ]}
    />
  );
}
