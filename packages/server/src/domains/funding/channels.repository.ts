import type { Selectable } from 'kysely';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type {
  DepositNetworksTable,
  DrawCurrenciesTable,
  FundingTables,
  WireOptionsTable,
} from './tables.ts';

/** A crypto network deposits may be sent on. Prices at 10^-12 USD, minimum at 10^-8. */
export interface NetworkRecord {
  id: number;
  currencyCode: string;
  protocolCode: string;
  address: string;
  priceUsd: bigint;
  min: bigint;
  enabled: boolean;
}

export interface WireRecord {
  id: number;
  currency: string;
  bankName: string;
  bankAddress: string;
  bankSwift: string;
  payeeName: string;
  payeeAccount: string;
  bankRemark: string;
  priceUsd: bigint;
  min: bigint;
  enabled: boolean;
}

/** A currency withdrawals are paid in. Rates at 10^-12; min and max in USD micros (max 0: none). */
export interface DrawCurrencyRecord {
  id: number;
  type: 1 | 2;
  code: string;
  protocol: string;
  drawRate: bigint;
  feeType: 1 | 2;
  usdPrice: bigint;
  min: bigint;
  max: bigint;
  enabled: boolean;
}

const toNetwork = (r: Selectable<DepositNetworksTable>): NetworkRecord => ({
  id: toInt(r.id),
  currencyCode: r.currency_code,
  protocolCode: r.protocol_code,
  address: r.address,
  priceUsd: toBigInt(r.price_usd),
  min: toBigInt(r.min),
  enabled: toInt(r.enabled) === 1,
});

const toWire = (r: Selectable<WireOptionsTable>): WireRecord => ({
  id: toInt(r.id),
  currency: r.currency,
  bankName: r.bank_name,
  bankAddress: r.bank_address,
  bankSwift: r.bank_swift,
  payeeName: r.payee_name,
  payeeAccount: r.payee_account,
  bankRemark: r.bank_remark,
  priceUsd: toBigInt(r.price_usd),
  min: toBigInt(r.min),
  enabled: toInt(r.enabled) === 1,
});

const toDrawCurrency = (r: Selectable<DrawCurrenciesTable>): DrawCurrencyRecord => ({
  id: toInt(r.id),
  type: toInt(r.type) as 1 | 2,
  code: r.code,
  protocol: r.protocol,
  drawRate: toBigInt(r.draw_rate),
  feeType: toInt(r.fee_type) as 1 | 2,
  usdPrice: toBigInt(r.usd_price),
  min: toBigInt(r.min),
  max: toBigInt(r.max),
  enabled: toInt(r.enabled) === 1,
});

const networkRow = (n: Omit<NetworkRecord, 'id'>, at: number) => ({
  currency_code: n.currencyCode,
  protocol_code: n.protocolCode,
  address: n.address,
  price_usd: n.priceUsd,
  min: n.min,
  enabled: n.enabled ? 1 : 0,
  updated_at: at,
});

const wireRow = (w: Omit<WireRecord, 'id'>, at: number) => ({
  currency: w.currency,
  bank_name: w.bankName,
  bank_address: w.bankAddress,
  bank_swift: w.bankSwift,
  payee_name: w.payeeName,
  payee_account: w.payeeAccount,
  bank_remark: w.bankRemark,
  price_usd: w.priceUsd,
  min: w.min,
  enabled: w.enabled ? 1 : 0,
  updated_at: at,
});

const drawCurrencyRow = (d: Omit<DrawCurrencyRecord, 'id'>, at: number) => ({
  type: d.type,
  code: d.code,
  protocol: d.protocol,
  draw_rate: d.drawRate,
  fee_type: d.feeType,
  usd_price: d.usdPrice,
  min: d.min,
  max: d.max,
  enabled: d.enabled ? 1 : 0,
  updated_at: at,
});

/**
 * The channels money travels by: deposit networks, wire accounts, withdrawal currencies. A
 * channel is switched off, never deleted: deposits and withdrawals keep pointing at it.
 */
export function createChannelsRepository(executor: Executor<FundingTables>) {
  return {
    async networks(onlyEnabled: boolean): Promise<NetworkRecord[]> {
      let query = executor.selectFrom('deposit_networks').selectAll().orderBy('id');
      if (onlyEnabled) query = query.where('enabled', '=', 1);
      return (await query.execute()).map(toNetwork);
    },
    async network(id: number): Promise<NetworkRecord | undefined> {
      const row = await executor
        .selectFrom('deposit_networks')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toNetwork(row);
    },
    async saveNetwork(
      id: number | undefined,
      n: Omit<NetworkRecord, 'id'>,
      at: number,
    ): Promise<NetworkRecord | undefined> {
      const row =
        id === undefined
          ? await executor
              .insertInto('deposit_networks')
              .values(networkRow(n, at))
              .returningAll()
              .executeTakeFirst()
          : await executor
              .updateTable('deposit_networks')
              .set(networkRow(n, at))
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirst();
      return row && toNetwork(row);
    },

    async wires(onlyEnabled: boolean): Promise<WireRecord[]> {
      let query = executor.selectFrom('wire_options').selectAll().orderBy('id');
      if (onlyEnabled) query = query.where('enabled', '=', 1);
      return (await query.execute()).map(toWire);
    },
    async wire(id: number): Promise<WireRecord | undefined> {
      const row = await executor
        .selectFrom('wire_options')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toWire(row);
    },
    async saveWire(
      id: number | undefined,
      w: Omit<WireRecord, 'id'>,
      at: number,
    ): Promise<WireRecord | undefined> {
      const row =
        id === undefined
          ? await executor
              .insertInto('wire_options')
              .values(wireRow(w, at))
              .returningAll()
              .executeTakeFirst()
          : await executor
              .updateTable('wire_options')
              .set(wireRow(w, at))
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirst();
      return row && toWire(row);
    },

    async drawCurrencies(filter: {
      type?: 1 | 2;
      onlyEnabled: boolean;
    }): Promise<DrawCurrencyRecord[]> {
      let query = executor.selectFrom('draw_currencies').selectAll().orderBy('id');
      if (filter.type !== undefined) query = query.where('type', '=', filter.type);
      if (filter.onlyEnabled) query = query.where('enabled', '=', 1);
      return (await query.execute()).map(toDrawCurrency);
    },
    async drawCurrency(id: number): Promise<DrawCurrencyRecord | undefined> {
      const row = await executor
        .selectFrom('draw_currencies')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toDrawCurrency(row);
    },
    async saveDrawCurrency(
      id: number | undefined,
      d: Omit<DrawCurrencyRecord, 'id'>,
      at: number,
    ): Promise<DrawCurrencyRecord | undefined> {
      const row =
        id === undefined
          ? await executor
              .insertInto('draw_currencies')
              .values(drawCurrencyRow(d, at))
              .returningAll()
              .executeTakeFirst()
          : await executor
              .updateTable('draw_currencies')
              .set(drawCurrencyRow(d, at))
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirst();
      return row && toDrawCurrency(row);
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
