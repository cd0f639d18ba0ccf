import { parseDecimal } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import { CURRENCY_SCALE, RATE_SCALE, USD_SCALE } from './funding-units.ts';
import type { FundingTables } from './tables.ts';

const price = (text: string) => parseDecimal(text, RATE_SCALE);
const units = (text: string) => parseDecimal(text, CURRENCY_SCALE);
const usd = (text: string) => parseDecimal(text, USD_SCALE);

/**
 * What a fresh installation's cashier offers (issue 11): USDT on TRC20 and ERC20, BTC, ETH;
 * a USD and a EUR wire; withdrawals in USDT, BTC and by bank in USD and EUR. The addresses and
 * accounts are demonstration values: an operator replaces them in the back office before
 * taking real money. Prices are starting points an operator keeps current.
 */
export const DEFAULT_NETWORKS = (
  [
    ['USDT', 'TRC20', 'TQ7demoTradeDeskUsdtTrc20Addr00001', '1', '10'],
    ['USDT', 'ERC20', '0x7d3a9c1e5b2f4a6d8c0e1f3a5b7c9d1e3f5a7b9c', '1', '20'],
    ['BTC', 'BTC', 'bc1qdemotradedesk0btc0deposit0address0x9k2f', '65000', '0.0005'],
    ['ETH', 'ERC20', '0x2b4d6f8a0c1e3a5c7e9b1d3f5a7c9e1b3d5f7a9c', '3200', '0.01'],
  ] as const
).map(([currency, protocol, address, priceUsd, min]) => ({
  currency_code: currency,
  protocol_code: protocol,
  address,
  price_usd: price(priceUsd),
  min: units(min),
  enabled: 1,
  updated_at: 0,
}));

export const DEFAULT_WIRES = [
  {
    currency: 'USD',
    bank_name: 'Demo Bank of New York',
    bank_address: '1 Liberty Plaza, New York, NY 10006, USA',
    bank_swift: 'DEMOUS33',
    payee_name: 'TradeDesk Client Funds Ltd',
    payee_account: '000123456789',
    bank_remark: 'Put your UID in the transfer reference',
    price_usd: price('1'),
    min: units('100'),
    enabled: 1,
    updated_at: 0,
  },
  {
    currency: 'EUR',
    bank_name: 'Demo Bank Europe AG',
    bank_address: 'Taunusanlage 12, 60325 Frankfurt am Main, Germany',
    bank_swift: 'DEMODEFF',
    payee_name: 'TradeDesk Client Funds Ltd',
    payee_account: 'DE89370400440532013000',
    bank_remark: 'Put your UID in the transfer reference',
    price_usd: price('1.08'),
    min: units('100'),
    enabled: 1,
    updated_at: 0,
  },
];

export const DEFAULT_DRAW_CURRENCIES = (
  [
    // [type, code, protocol, fee_type, draw_rate, usd_price, min USD, max USD]
    [1, 'USDT', 'TRC20', 1, '1', '1', '10', '0'],
    [1, 'USDT', 'ERC20', 1, '5', '1', '20', '0'],
    [1, 'BTC', 'BTC', 2, '0.001', '0.000015384615', '50', '0'],
    [2, 'USD', '', 1, '25', '1', '100', '0'],
    [2, 'EUR', '', 2, '0.002', '0.925925925926', '100', '0'],
  ] as const
).map(([type, code, protocol, feeType, drawRate, usdPrice, min, max]) => ({
  type,
  code,
  protocol,
  fee_type: feeType,
  draw_rate: price(drawRate),
  usd_price: price(usdPrice),
  min: usd(min),
  max: usd(max),
  enabled: 1,
  updated_at: 0,
}));

/**
 * Adds the default channels to an installation that has none. Nodes starting together may
 * both see none: the unique keys make the second insert of each row do nothing.
 */
export async function seedDefaultChannels(db: Kysely<FundingTables>): Promise<void> {
  const [network, wire, currency] = await Promise.all([
    db.selectFrom('deposit_networks').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('wire_options').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('draw_currencies').select('id').limit(1).executeTakeFirst(),
  ]);
  if (network || wire || currency) return;
  await db
    .insertInto('deposit_networks')
    .values(DEFAULT_NETWORKS)
    .onConflict((oc) => oc.columns(['currency_code', 'protocol_code']).doNothing())
    .execute();
  await db
    .insertInto('wire_options')
    .values(DEFAULT_WIRES)
    .onConflict((oc) => oc.columns(['currency', 'payee_account']).doNothing())
    .execute();
  await db
    .insertInto('draw_currencies')
    .values(DEFAULT_DRAW_CURRENCIES)
    .onConflict((oc) => oc.columns(['type', 'code', 'protocol']).doNothing())
    .execute();
}
