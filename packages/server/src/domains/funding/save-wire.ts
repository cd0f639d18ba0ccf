import type { WireConfig } from '@tradedesk/contract/admin';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { wireConfig } from './channel-configs.ts';
import type { WireRecord } from './channels.repository.ts';
import type { FundingDeps } from './funding-deps.ts';
import { CURRENCY_SCALE, parseSetting, RATE_SCALE } from './funding-units.ts';
import { type ChannelKind, positive, saveChannel, upper } from './save-channel.ts';

export interface SaveWire {
  id?: number | undefined;
  currency: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark?: string | undefined;
  price_usd: string;
  min: string;
  enabled: boolean;
}

/** Wire accounts, one per currency and payee account. */
const WIRES: ChannelKind<WireRecord, Omit<WireRecord, 'id'>, WireConfig> = {
  target: 'wire',
  keyField: 'payee_account',
  find: (channels, id) => channels.wire(id),
  all: (channels) => channels.wires(false),
  sameKey: (w, fields) => w.currency === fields.currency && w.payeeAccount === fields.payeeAccount,
  save: (channels, id, fields, at) => channels.saveWire(id, fields, at),
  view: wireConfig,
};

/** Adds a wire account or changes one. */
export async function saveWire(
  deps: Pick<FundingDeps, 'channels' | 'transact' | 'now'>,
  actor: AuditActor,
  p: SaveWire,
): Promise<WireConfig> {
  const fields = {
    currency: upper(p.currency),
    bankName: p.bank_name,
    bankAddress: p.bank_address,
    bankSwift: upper(p.bank_swift),
    payeeName: p.payee_name,
    payeeAccount: p.payee_account,
    bankRemark: p.bank_remark ?? '',
    priceUsd: positive(p.price_usd, RATE_SCALE, 'price_usd'),
    min: parseSetting(p.min, CURRENCY_SCALE, 'min'),
    enabled: p.enabled,
  };
  return saveChannel(deps, actor, WIRES, { id: p.id, fields });
}
