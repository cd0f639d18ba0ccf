const KEY = 'tradedesk.device_id';

/** A uuid per browser, kept in local storage: the demo account belongs to it. */
export function deviceId(): string {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
  }
  return id;
}
