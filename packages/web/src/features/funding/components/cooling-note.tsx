import { DRAW_TYPES, type DrawType, normalizeLanguage } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { hoursText } from '../lib/hours-text.ts';

/**
 * How long a newly added address or bank account waits before withdrawals may go to it: the
 * server's WITHDRAW_COOLING_HOURS (getBasicInfo withdraw_cooling_hours). Nothing while that
 * is unknown, nor when there is no wait.
 */
export function CoolingNote({ type, className }: { type: DrawType; className?: string }) {
  const { t, i18n } = useTranslation();
  const hours = useBasicInfo().data?.withdraw_cooling_hours;
  if (!hours) return null;
  const duration = hoursText(hours, normalizeLanguage(i18n.language));
  return (
    <p
      className={className ? `funding-hint ${className}` : 'funding-hint'}
      data-testid="cooling-note"
    >
      {type === DRAW_TYPES.coin
        ? t('wallet.cooling_address', { duration })
        : t('wallet.cooling_card', { duration })}
    </p>
  );
}
