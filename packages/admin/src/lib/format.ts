/** How the back office writes values: times in UTC, as the ledger and orders arrive from the API. */

const pad = (value: number) => String(value).padStart(2, '0');

/** A timestamp in milliseconds as "YYYY-MM-DD HH:mm:ss" UTC; a dash when there is none. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in USD as the API gives it, with two decimals and grouping. */
export function formatMoney(amount: number): string {
  return usd.format(amount);
}

/** A JSON text of the audit log, indented; the raw text if it is not JSON. */
export function prettyJson(text: string | null): string {
  if (text === null) return '—';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Text or a dash. */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : value;
}
