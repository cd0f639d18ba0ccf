import { useTranslation } from 'react-i18next';

/** Buy (1) or sell (2), in the app's up and down colours. */
export function SideTag({ side }: { side: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <span className={`side-tag ${side === 1 ? 'up' : 'down'}`}>
      {side === 1 ? t('trade.buy') : t('trade.sell')}
    </span>
  );
}
