import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Side } from '../lib/order-draft.ts';

/** Buy or sell. Tapping the chosen side again keeps it: one side is always chosen. */
export function SideSwitch({ value, onChange }: { value: Side; onChange(side: Side): void }) {
  const { t } = useTranslation();
  return (
    <Selector
      className="order-side"
      columns={2}
      value={[value]}
      onChange={(v) => v[0] && onChange(v[0])}
      options={[
        { label: t('trade.buy'), value: 'buy' as Side },
        { label: t('trade.sell'), value: 'sell' as Side },
      ]}
    />
  );
}
