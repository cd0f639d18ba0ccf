import type { NetworkConfig } from '@tradedesk/contract/admin';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { networkConfig } from './channel-configs.ts';
import type { NetworkRecord } from './channels.repository.ts';
import type { FundingDeps } from './funding-deps.ts';
import { CURRENCY_SCALE, parseSetting, RATE_SCALE } from './funding-units.ts';
import { type ChannelKind, positive, saveChannel, upper } from './save-channel.ts';

export interface SaveNetwork {
  id?: number | undefined;
  currency_code: string;
  protocol_code: string;
  address: string;
  price_usd: string;
  min: string;
  enabled: boolean;
}

/** Deposit networks, one per currency and protocol. */
const NETWORKS: ChannelKind<NetworkRecord, Omit<NetworkRecord, 'id'>, NetworkConfig> = {
  target: 'network',
  keyField: 'protocol_code',
  find: (channels, id) => channels.network(id),
  all: (channels) => channels.networks(false),
  sameKey: (n, fields) =>
    n.currencyCode === fields.currencyCode && n.protocolCode === fields.protocolCode,
  save: (channels, id, fields, at) => channels.saveNetwork(id, fields, at),
  view: networkConfig,
};

/** Adds a deposit network or changes one (its address, price, minimum, or switched off). */
export async function saveNetwork(
  deps: Pick<FundingDeps, 'channels' | 'transact' | 'now'>,
  actor: AuditActor,
  p: SaveNetwork,
): Promise<NetworkConfig> {
  const fields = {
    currencyCode: upper(p.currency_code),
    protocolCode: upper(p.protocol_code),
    address: p.address,
    priceUsd: positive(p.price_usd, RATE_SCALE, 'price_usd'),
    min: parseSetting(p.min, CURRENCY_SCALE, 'min'),
    enabled: p.enabled,
  };
  return saveChannel(deps, actor, NETWORKS, { id: p.id, fields });
}
