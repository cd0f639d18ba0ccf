import type {
  DrawCurrencyConfig,
  FundingConfig,
  NetworkConfig,
  WireConfig,
} from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import type {
  ChannelsRepository,
  DrawCurrencyRecord,
  NetworkRecord,
  WireRecord,
} from './channels.repository.ts';
import {
  CURRENCY_SCALE,
  decimalText,
  parseSetting,
  RATE_SCALE,
  USD_SCALE,
} from './funding-units.ts';
import type { WithdrawalRules } from './withdrawals.service.ts';

const networkConfig = (n: NetworkRecord): NetworkConfig => ({
  id: n.id,
  currency_code: n.currencyCode,
  protocol_code: n.protocolCode,
  address: n.address,
  price_usd: decimalText(n.priceUsd, RATE_SCALE),
  min: decimalText(n.min, CURRENCY_SCALE),
  enabled: n.enabled,
});

const wireConfig = (w: WireRecord): WireConfig => ({
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

const drawCurrencyConfig = (d: DrawCurrencyRecord): DrawCurrencyConfig => ({
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

/** A price or rate that must be above 0. */
function positive(text: string, decimals: number, field: string): bigint {
  const value = parseSetting(text, decimals, field);
  if (value <= 0n) throw new AppError('INVALID_SETTING', { field });
  return value;
}

const upper = (code: string) => code.trim().toUpperCase();

export interface SaveNetwork {
  id?: number | undefined;
  currency_code: string;
  protocol_code: string;
  address: string;
  price_usd: string;
  min: string;
  enabled: boolean;
}
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

/**
 * The cashier's configuration, by operators of finance: every change audited with what it
 * was and became. Channels are switched off rather than deleted (records keep naming them).
 */
export function createFundingConfigService(deps: {
  db: Kysely<Database>;
  channels: ChannelsRepository;
  rules: WithdrawalRules & { coolingHours: number };
  now: () => number;
}) {
  const { db, channels } = deps;

  /** Saves in one transaction with its audit row; a missing id is NOT_FOUND. */
  async function save<T extends { id: number }, R>(
    actor: AuditActor,
    action: string,
    id: number | undefined,
    find: (id: number, trx: Executor) => Promise<T | undefined>,
    write: (trx: Executor, at: number) => Promise<T | undefined>,
    show: (record: T) => R,
  ): Promise<R> {
    return db.transaction().execute(async (trx) => {
      const before = id === undefined ? undefined : await find(id, trx);
      if (id !== undefined && !before) throw new AppError('NOT_FOUND');
      const at = deps.now();
      const after = await write(trx, at);
      if (!after) throw new AppError('NOT_FOUND');
      await appendAudit(
        trx,
        actor,
        {
          action,
          targetType: action.split('.')[0]!,
          targetId: after.id,
          before: before && show(before),
          after: show(after),
        },
        at,
      );
      return show(after);
    });
  }

  /**
   * Refuses an unknown id, then a second channel under the same key (the unique index would
   * answer 500); `save` checks the id again in its transaction.
   */
  async function ensureUnique(
    id: number | undefined,
    find: (id: number) => Promise<unknown>,
    clash: { id: number } | undefined,
    field: string,
  ) {
    if (id !== undefined && !(await find(id))) throw new AppError('NOT_FOUND');
    if (clash && clash.id !== id) throw new AppError('INVALID_SETTING', { field });
  }

  return {
    async config(): Promise<FundingConfig> {
      const [networks, wires, currencies] = await Promise.all([
        channels.networks(false),
        channels.wires(false),
        channels.drawCurrencies({ onlyEnabled: false }),
      ]);
      return {
        networks: networks.map(networkConfig),
        wires: wires.map(wireConfig),
        draw_currencies: currencies.map(drawCurrencyConfig),
        rules: {
          cooling_hours: deps.rules.coolingHours,
          four_eyes_usd: deps.rules.fourEyesUsd,
          daily_limit_usd: deps.rules.dailyLimitUsd,
        },
      };
    },

    async saveNetwork(actor: AuditActor, p: SaveNetwork): Promise<NetworkConfig> {
      const record = {
        currencyCode: upper(p.currency_code),
        protocolCode: upper(p.protocol_code),
        address: p.address,
        priceUsd: positive(p.price_usd, RATE_SCALE, 'price_usd'),
        min: parseSetting(p.min, CURRENCY_SCALE, 'min'),
        enabled: p.enabled,
      };
      await ensureUnique(
        p.id,
        (id) => channels.network(id),
        (await channels.networks(false)).find(
          (n) => n.currencyCode === record.currencyCode && n.protocolCode === record.protocolCode,
        ),
        'protocol_code',
      );
      return save(
        actor,
        p.id === undefined ? 'network.create' : 'network.update',
        p.id,
        (id, trx) => channels.network(id, trx),
        (trx, at) => channels.saveNetwork(p.id, record, at, trx),
        networkConfig,
      );
    },

    async saveWire(actor: AuditActor, p: SaveWire): Promise<WireConfig> {
      const record = {
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
      await ensureUnique(
        p.id,
        (id) => channels.wire(id),
        (await channels.wires(false)).find(
          (w) => w.currency === record.currency && w.payeeAccount === record.payeeAccount,
        ),
        'payee_account',
      );
      return save(
        actor,
        p.id === undefined ? 'wire.create' : 'wire.update',
        p.id,
        (id, trx) => channels.wire(id, trx),
        (trx, at) => channels.saveWire(p.id, record, at, trx),
        wireConfig,
      );
    },

    async saveDrawCurrency(actor: AuditActor, p: SaveDrawCurrency): Promise<DrawCurrencyConfig> {
      const record = {
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
      if (record.max !== 0n && record.max < record.min)
        throw new AppError('INVALID_SETTING', { field: 'max' });
      await ensureUnique(
        p.id,
        (id) => channels.drawCurrency(id),
        (await channels.drawCurrencies({ onlyEnabled: false })).find(
          (c) => c.type === record.type && c.code === record.code && c.protocol === record.protocol,
        ),
        'code',
      );
      return save(
        actor,
        p.id === undefined ? 'draw_currency.create' : 'draw_currency.update',
        p.id,
        (id, trx) => channels.drawCurrency(id, trx),
        (trx, at) => channels.saveDrawCurrency(p.id, record, at, trx),
        drawCurrencyConfig,
      );
    },
  };
}

export type FundingConfigService = ReturnType<typeof createFundingConfigService>;
