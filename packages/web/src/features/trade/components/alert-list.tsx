import type { Alert } from '@tradedesk/contract';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { useDeleteAlert } from '../api/alert-commands.ts';
import '../alerts.css';

const STATUS_COLORS: Record<Alert['status'], 'primary' | 'warning' | 'success' | 'default'> = {
  armed: 'primary',
  cooling: 'warning',
  fired: 'success',
  expired: 'default',
};

/** One alert: the level it watches, where it stands, how often it fired; deleted by a tap. */
function AlertRow({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const remove = useDeleteAlert();
  return (
    <li className="alert-row" data-testid="alert-row" data-status={alert.status}>
      <div className="alert-level">
        <bdi>{alert.code}</bdi> {t(`alerts.${alert.side}`)} {t(`alerts.${alert.condition}`)}{' '}
        <strong>{formatPrice(alert.price, alert.price_precision)}</strong>
        {alert.note ? <div className="alert-note">{alert.note}</div> : null}
      </div>
      <Tag color={STATUS_COLORS[alert.status]} fill="outline" data-testid="alert-status">
        {t(`alerts.status_${alert.status}`)}
      </Tag>
      <span className="alert-count">{t('alerts.fired_count', { times: alert.fired_count })}</span>
      <Button
        size="mini"
        fill="none"
        color="danger"
        loading={remove.isPending}
        onClick={() => remove.mutate(alert.id)}
        data-testid="alert-delete"
      >
        {t('alerts.delete')}
      </Button>
    </li>
  );
}

/** A list of alerts, or a line saying there are none. */
export function AlertList({ alerts }: { alerts: readonly Alert[] }) {
  const { t } = useTranslation();
  if (alerts.length === 0)
    return (
      <p className="alert-empty" data-testid="alerts-empty">
        {t('alerts.empty')}
      </p>
    );
  return (
    <ul className="alert-list" data-testid="alert-list">
      {alerts.map((alert) => (
        <AlertRow key={alert.id} alert={alert} />
      ))}
    </ul>
  );
}
