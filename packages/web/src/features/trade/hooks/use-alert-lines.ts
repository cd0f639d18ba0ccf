import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '../api/use-alerts.ts';
import { type AlertLine, alertLinesOf } from '../lib/alerts.ts';

/** The levels of the alerts the server still watches, for the chart (which keeps its instrument's). */
export function useAlertLines(): readonly AlertLine[] {
  const { t } = useTranslation();
  const { data } = useAlerts();
  return useMemo(() => alertLinesOf(t, data?.data), [t, data]);
}
