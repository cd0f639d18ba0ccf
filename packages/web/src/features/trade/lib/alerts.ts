import type { Alert, AlertPush, AlertStatus, ExpiryRequest, RequestOf } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { formatPrice } from '../../../lib/format.ts';

/** Which way and on which price an alert watches, as its sheet edits it. */
export interface AlertDraft {
  readonly condition: Alert['condition'];
  readonly side: Alert['side'];
  /** The level as typed, at the instrument's precision. */
  readonly price: string;
  readonly repeat: boolean;
  readonly note: string;
}

/** The statuses in which the server still watches the price: drawn on the chart. */
const WATCHING: readonly AlertStatus[] = ['armed', 'cooling'];

export const isWatching = (alert: Pick<Alert, 'status'>) => WATCHING.includes(alert.status);

/** The instrument's alerts, in the list's order (newest first). */
export function alertsOf(alerts: readonly Alert[] | undefined, forexId: number): Alert[] {
  return (alerts ?? []).filter((alert) => alert.forex_id === forexId);
}

/** A horizontal line of the chart: a level and what it says at the price scale. */
export interface AlertLine {
  readonly id: number;
  readonly forexId: number;
  readonly price: number;
  readonly title: string;
}

/** The lines of the alerts the server still watches, on every instrument. */
export function alertLinesOf(t: TFunction, alerts: readonly Alert[] | undefined): AlertLine[] {
  return (alerts ?? []).filter(isWatching).map((alert) => ({
    id: alert.id,
    forexId: alert.forex_id,
    price: alert.price,
    title: `${t(`alerts.${alert.side}`)} ${t(`alerts.${alert.condition}`)}`,
  }));
}

/** "EURUSD Bid above 1.08600 — now 1.08620": what a fired alert's toast says. */
export function alertFiredText(t: TFunction, push: AlertPush): string {
  const { alert } = push;
  const digits = alert.price_precision;
  return t('alerts.fired_toast', {
    code: alert.code,
    side: t(`alerts.${alert.side}`),
    condition: t(`alerts.${alert.condition}`),
    price: formatPrice(alert.price, digits),
    now: formatPrice(push.price, digits),
  });
}

/** The request that sets `draft` on the instrument `forexId`. */
export function toCreateAlertRequest(
  forexId: number,
  draft: AlertDraft,
  expireAt: ExpiryRequest,
): RequestOf<'alertCreate'> {
  const note = draft.note.trim();
  return {
    forex_id: forexId,
    side: draft.side,
    condition: draft.condition,
    price: draft.price.trim(),
    repeat: draft.repeat ? 1 : 0,
    ...(note === '' ? {} : { note }),
    expire_at: expireAt,
  };
}

/** The level an alert's sheet starts with: the price it would watch now. */
export function startingPrice(quote: { Bid: number; Ask: number }, side: Alert['side']): number {
  return side === 'bid' ? quote.Bid : quote.Ask;
}

/** A level chosen outside the sheet (a tap on the chart's price scale): its price, raw. */
export interface AlertPreset {
  readonly forexId: number;
  readonly price: number;
}

/**
 * The sheet's start for a level tapped on the chart: the price at the instrument's precision,
 * watched for the bid to rise to it when it is above the bid now, else to fall to it.
 */
export function draftAt(
  quote: { Bid: number; PricePrecision: number },
  price: number,
): Pick<AlertDraft, 'condition' | 'price'> {
  const level = price.toFixed(quote.PricePrecision);
  return { condition: Number(level) > quote.Bid ? 'above' : 'below', price: level };
}
