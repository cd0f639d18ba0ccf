import type { AdminSettings } from '@tradedesk/contract/admin';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import type { SettingsService } from '../settings/index.ts';
import { normalizeEmail } from '../users/index.ts';

export type SettingsChange = Partial<AdminSettings>;

/** The settings operators edit, as getBasicInfo serves them. */
export async function readAdminSettings(settings: SettingsService): Promise<AdminSettings> {
  const info = await settings.basicInfo();
  return {
    app_name: info.app_name,
    service_link: info.service_link,
    service_link_type: info.service_link_type,
    verify_reg_type: info.verify_reg_type,
    is_show_mobile: info.is_show_mobile,
    trade_fee_type: info.trade_fee_type,
    complaint_email: info.complaint_email,
  };
}

/** Values as stored (text), each checked beyond its type: a link must be http(s), an e-mail one. */
function storedValues(change: SettingsChange): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    let text = String(value);
    if (key === 'service_link' && text !== '') {
      let url: URL | undefined;
      try {
        url = new URL(text);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
        throw new AppError('INVALID_SETTING', { field: key });
    }
    if (key === 'complaint_email' && text !== '') {
      try {
        text = normalizeEmail(text);
      } catch {
        throw new AppError('INVALID_SETTING', { field: key });
      }
    }
    if (key === 'app_name' && text === '') throw new AppError('INVALID_SETTING', { field: key });
    stored[key] = text;
  }
  return stored;
}

/** Changes settings with an audit row, in one transaction; they take effect on the next read. */
export async function updateAdminSettings(
  deps: { transact: Transact; settings: SettingsService; now: () => number },
  actor: AuditActor,
  change: SettingsChange,
): Promise<AdminSettings> {
  const values = storedValues(change);
  const before = await readAdminSettings(deps.settings);
  // Nothing sent, nothing changed: no write and no audit row.
  if (Object.keys(values).length === 0) return before;
  // What is stored (an e-mail lower-cased), numbers as numbers, as the settings read back.
  const after: Record<string, unknown> = { ...before, ...change };
  for (const [key, value] of Object.entries(values))
    after[key] = typeof before[key as keyof AdminSettings] === 'number' ? Number(value) : value;
  await deps.transact(async (scope) => {
    await deps.settings.write(values, scope);
    await scope.repository(createAuditLog).append(
      actor,
      {
        action: 'settings.update',
        targetType: 'settings',
        targetId: 'basic',
        before,
        after,
      },
      deps.now(),
    );
  });
  return readAdminSettings(deps.settings);
}
