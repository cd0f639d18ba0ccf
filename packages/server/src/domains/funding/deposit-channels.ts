import type { DepositNetwork, WireCurrency, WireOption } from '@tradedesk/contract';
import type { NetworkRecord, WireRecord } from './channels.repository.ts';
import type { FundingDeps } from './funding-deps.ts';
import { CURRENCY_SCALE, RATE_SCALE, wireNumber } from './funding-units.ts';

const networkWire = (n: NetworkRecord): DepositNetwork => ({
  id: n.id,
  currency_code: n.currencyCode,
  protocol_code: n.protocolCode,
  address: n.address,
  price_usd: wireNumber(n.priceUsd, RATE_SCALE),
  min: wireNumber(n.min, CURRENCY_SCALE),
});

const wireOptionWire = (w: WireRecord): WireOption => ({
  id: w.id,
  bank_name: w.bankName,
  bank_address: w.bankAddress,
  bank_swift: w.bankSwift,
  payee_name: w.payeeName,
  payee_account: w.payeeAccount,
  bank_remark: w.bankRemark,
  currency: w.currency,
  price_usd: wireNumber(w.priceUsd, RATE_SCALE),
  min: wireNumber(w.min, CURRENCY_SCALE),
});

type Deps = Pick<FundingDeps, 'channels'>;

/** The networks deposits may be sent on now (SPEC.md §4). */
export async function depositNetworks(deps: Deps): Promise<DepositNetwork[]> {
  return (await deps.channels.networks(true)).map(networkWire);
}

/** The currencies a wire may be sent in now, each at its first account's price. */
export async function wireCurrencies(deps: Deps): Promise<WireCurrency[]> {
  const byCode = new Map<string, WireCurrency>();
  for (const wire of await deps.channels.wires(true))
    if (!byCode.has(wire.currency))
      byCode.set(wire.currency, {
        code: wire.currency,
        price_usd: wireNumber(wire.priceUsd, RATE_SCALE),
      });
  return [...byCode.values()];
}

/** The accounts a wire in `currency` may be sent to now. */
export async function wireOptions(deps: Deps, currency: string): Promise<WireOption[]> {
  return (await deps.channels.wires(true))
    .filter((wire) => wire.currency === currency)
    .map(wireOptionWire);
}
