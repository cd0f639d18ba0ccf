import type { DrawCurrencyConfig } from '@tradedesk/contract/admin';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { drawCurrencyConfig } from './channel-configs.ts';
import type { DrawCurrencyRecord } from './channels.repository.ts';
import type { FundingDeps } from './funding-deps.ts';
import { parseSetting, RATE_SCALE, USD_SCALE } from './funding-units.ts';
import { type ChannelKind, positive, saveChannel, upper } from './save-channel.ts';

export interface SaveDrawCurrency {
  id?: number | undefined;
  type: 1 | 2;
  code: string;
  protocol?: string | undefined;
  draw_rate: string;
  fee_type: 1 | 2;
  usd_price: string;
  min: string;
  max: string;
  enabled: boolean;
}

/** Withdrawal currencies, one per type, code and protocol. */
const DRAW_CURRENCIES: ChannelKind<
  DrawCurrencyRecord,
  Omit<DrawCurrencyRecord, 'id'>,
  DrawCurrencyConfig
> = {
  target: 'draw_currency',
  keyField: 'code',
  find: (channels, id) => channels.drawCurrency(id),
  all: (channels) => channels.drawCurrencies({ onlyEnabled: false }),
  sameKey: (c, fields) =>
    c.type === fields.type && c.code === fields.code && c.protocol === fields.protocol,
  save: (channels, id, fields, at) => channels.saveDrawCurrency(id, fields, at),
  view: drawCurrencyConfig,
};

/** Adds a currency withdrawals are paid in or changes one (fee, price, bounds). */
export async function saveDrawCurrency(
  deps: Pick<FundingDeps, 'channels' | 'transact' | 'now'>,
  actor: AuditActor,
  p: SaveDrawCurrency,
): Promise<DrawCurrencyConfig> {
  const fields = {
    type: p.type,
    code: upper(p.code),
    protocol: upper(p.protocol ?? ''),
    drawRate: parseSetting(p.draw_rate, RATE_SCALE, 'draw_rate'),
    feeType: p.fee_type,
    usdPrice: positive(p.usd_price, RATE_SCALE, 'usd_price'),
    min: parseSetting(p.min, USD_SCALE, 'min'),
    max: parseSetting(p.max, USD_SCALE, 'max'),
    enabled: p.enabled,
  };
  if (fields.max !== 0n && fields.max < fields.min)
    throw new AppError('INVALID_SETTING', { field: 'max' });
  return saveChannel(deps, actor, DRAW_CURRENCIES, { id: p.id, fields });
}
