import type { DrawCurrencyConfig, NetworkConfig, WireConfig } from '@tradedesk/contract/admin';
import type { DrawCurrencyRecord, NetworkRecord, WireRecord } from './channels.repository.ts';
import { CURRENCY_SCALE, decimalText, RATE_SCALE, USD_SCALE } from './funding-units.ts';

/** The channels as the desk's configuration page shows and audits them: amounts as text. */

export const networkConfig = (n: NetworkRecord): NetworkConfig => ({
  id: n.id,
  currency_code: n.currencyCode,
  protocol_code: n.protocolCode,
  address: n.address,
  price_usd: decimalText(n.priceUsd, RATE_SCALE),
  min: decimalText(n.min, CURRENCY_SCALE),
  enabled: n.enabled,
});

export const wireConfig = (w: WireRecord): WireConfig => ({
  id: w.id,
  currency: w.currency,
  bank_name: w.bankName,
  bank_address: w.bankAddress,
  bank_swift: w.bankSwift,
  payee_name: w.payeeName,
  payee_account: w.payeeAccount,
  bank_remark: w.bankRemark,
  price_usd: decimalText(w.priceUsd, RATE_SCALE),
  min: decimalText(w.min, CURRENCY_SCALE),
  enabled: w.enabled,
});

export const drawCurrencyConfig = (d: DrawCurrencyRecord): DrawCurrencyConfig => ({
  id: d.id,
  type: d.type,
  code: d.code,
  protocol: d.protocol,
  draw_rate: decimalText(d.drawRate, RATE_SCALE),
  fee_type: d.feeType,
  usd_price: decimalText(d.usdPrice, RATE_SCALE),
  min: decimalText(d.min, USD_SCALE),
  max: decimalText(d.max, USD_SCALE),
  enabled: d.enabled,
});
