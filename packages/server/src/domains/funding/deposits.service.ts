import {
  type ChargeSubmitRequest,
  type DepositList,
  type DepositNetwork,
  type DepositStatus as DepositStatusCode,
  type Language,
  MAX_UNCHECKED_DEPOSITS,
  PAGE_SIZE,
  type WireCurrency,
  type WireOption,
  type WireSubmitRequest,
} from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import { depositCredit, parseMicros } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { CommandContext, CommandCore } from '../../platform/core/command-core.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TraderNotices } from '../../platform/notify/trader-notices.ts';
import {
  type ChannelsRepository,
  createChannelsRepository,
  type NetworkRecord,
  type WireRecord,
} from './channels.repository.ts';
import { auditDeposit, depositCreditCommand, depositNotice } from './deposit-credit.ts';
import { DEPOSIT, depositStatus } from './deposit-lifecycle.ts';
import {
  createDepositsRepository,
  type DepositRecord,
  type DepositsRepository,
  type NewDeposit,
} from './deposits.repository.ts';
import './funding-events.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import type { UploadsService } from '../uploads/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { depositAboveMax, USD_LIMIT } from './funding-limits.ts';
import {
  CURRENCY_SCALE,
  decimalText,
  parseCurrencyAmount,
  RATE_SCALE,
  USD_SCALE,
  wireNumber,
} from './funding-units.ts';
import { toAdminDeposit, toDepositWire } from './funding-wire.ts';

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

/** The wire account in one line, as the reviewer reads where the money was sent. */
const wireDestination = (w: WireRecord) => `${w.bankName} · ${w.payeeName} · ${w.payeeAccount}`;

/**
 * Deposits (SPEC.md §4, DECISIONS.md Funding): a trader reports money sent by a network or a
 * wire with a proof image; an operator credits it at the currency's USD price (one ledger row,
 * through the command core), rejects it with a remark, or marks it invalid.
 */
export function createDepositsService(deps: {
  db: Kysely<Database>;
  core: CommandCore;
  channels: ChannelsRepository;
  deposits: DepositsRepository;
  uploads: UploadsService;
  users: UsersRepository;
  notices: TraderNotices;
  /** Credits from this many USD (the account's of 24 hours included) need two operators. */
  rules: { fourEyesUsd: string };
  now: () => number;
}) {
  const { db, core, channels, deposits, uploads } = deps;
  const fourEyes = parseMicros(deps.rules.fourEyesUsd);

  /** A deposit recorded as unchecked, under the account's lock (so the cap holds on every node). */
  function submit(
    user: UserRecord,
    proofImg: string,
    deposit: (ctx: CommandContext) => Promise<Omit<NewDeposit, 'proofUpload' | 'proofSha256'>>,
  ) {
    return core.execute(
      user.id,
      {
        name: 'deposit-submit',
        async run(ctx) {
          // The command's own, on its transaction: the service's reads outside any lock.
          const deposits = ctx.repository(createDepositsRepository);
          if ((await deposits.uncheckedCount(user.id)) >= MAX_UNCHECKED_DEPOSITS)
            throw new AppError('TOO_MANY_UNCHECKED_DEPOSITS', { max: MAX_UNCHECKED_DEPOSITS });
          const fields = await deposit(ctx);
          const proofUpload = await uploads.claimOwn(ctx.trx, user.id, proofImg);
          const proofSha256 = await uploads.digestOf(ctx.trx, proofUpload);
          return toDepositWire(await deposits.insert({ ...fields, proofUpload, proofSha256 }));
        },
      },
      { create: true },
    );
  }

  /**
   * At least the channel's minimum, and a credit at its price now within USD_AMOUNT_MAX: the
   * contract bounds the number and the price, not their product (issue 24, item 5).
   */
  function checkAmount(number: bigint, channel: { min: bigint; priceUsd: bigint }): void {
    if (number < channel.min)
      throw new AppError('AMOUNT_BELOW_MIN', { min: decimalText(channel.min, CURRENCY_SCALE) });
    if (depositCredit(number, channel.priceUsd) > USD_LIMIT)
      throw depositAboveMax(USD_LIMIT, channel.priceUsd);
  }

  /** The USD price a deposit is credited at now: its channel's (switched off or not). */
  async function priceOf(deposit: DepositRecord): Promise<bigint> {
    const channel =
      deposit.type === 0
        ? await channels.network(deposit.networkId ?? 0)
        : await channels.wire(deposit.wireId ?? 0);
    if (!channel) throw new Error(`deposit ${deposit.id} has no channel`);
    return channel.priceUsd;
  }

  async function adminRow(deposit: DepositRecord): Promise<AdminDeposit> {
    const [row] = await adminRows([deposit]);
    return row!;
  }

  async function adminRows(rows: readonly DepositRecord[]): Promise<AdminDeposit[]> {
    const users = await deps.users.findByIds(rows.map((d) => d.userId));
    const duplicates = await deposits.duplicatesOf(rows);
    const out: AdminDeposit[] = [];
    for (const d of rows) {
      const priceUsd = d.priceUsd ?? (await priceOf(d));
      const credit = d.credited ?? depositCredit(d.number, priceUsd);
      out.push(
        toAdminDeposit(d, users.get(d.userId), {
          priceUsd,
          credit,
          duplicates: duplicates.get(d.id) ?? [],
          needsSecond:
            d.firstApprovedAt !== null || (d.status === 'unchecked' && credit >= fourEyes),
        }),
      );
    }
    return out;
  }

  /** Rejects or invalidates an unchecked deposit: no money moves; the trader is told. */
  async function refuse(
    actor: AuditActor,
    id: number,
    step: typeof DEPOSIT.reject | typeof DEPOSIT.invalidate,
    remark: string,
  ) {
    const { decided, noticeKey } = await db.transaction().execute(async (trx) => {
      const before = await deposits.find(id, trx);
      if (!before) throw new AppError('NOT_FOUND');
      const at = deps.now();
      const changed = await deposits.decide(
        {
          id,
          step,
          remark,
          priceUsd: null,
          credited: null,
          reviewerId: actor.adminId,
          reviewerEmail: actor.email,
          at,
        },
        trx,
      );
      if (!changed) throw new AppError('DEPOSIT_NOT_UNCHECKED');
      const after = await auditDeposit(trx, deposits, actor, step.audit, before, at);
      const notice = depositNotice(after, step.outcome, { reason: remark });
      return { decided: after, noticeKey: await deps.notices.record(trx, notice) };
    });
    await deps.notices.deliver(noticeKey);
    return adminRow(decided);
  }

  return {
    async networks(): Promise<DepositNetwork[]> {
      return (await channels.networks(true)).map(networkWire);
    },

    async wireCurrencies(): Promise<WireCurrency[]> {
      const byCode = new Map<string, WireCurrency>();
      for (const wire of await channels.wires(true))
        if (!byCode.has(wire.currency))
          byCode.set(wire.currency, {
            code: wire.currency,
            price_usd: wireNumber(wire.priceUsd, RATE_SCALE),
          });
      return [...byCode.values()];
    },

    async wireOptions(currency: string): Promise<WireOption[]> {
      return (await channels.wires(true))
        .filter((wire) => wire.currency === currency)
        .map(wireOptionWire);
    },

    submitCoin(user: UserRecord, params: ChargeSubmitRequest, language: Language) {
      return submit(user, params.proofImg, async (ctx) => {
        const network = await ctx.repository(createChannelsRepository).network(params.charge_id);
        if (!network?.enabled) throw new AppError('FUNDING_CHANNEL_NOT_FOUND');
        // The address the trader sent to must be the one we show now: an address changed
        // since the page was read means the money may have gone where we do not look.
        if (params.address !== network.address) throw new AppError('DEPOSIT_ADDRESS_CHANGED');
        const number = parseCurrencyAmount(params.number);
        checkAmount(number, network);
        return {
          userId: user.id,
          type: 0 as const,
          networkId: network.id,
          wireId: null,
          currencyCode: network.currencyCode,
          protocolCode: network.protocolCode,
          destination: network.address,
          number,
          language,
          createdAt: ctx.at,
        };
      });
    },

    submitWire(user: UserRecord, params: WireSubmitRequest, language: Language) {
      return submit(user, params.proofImg, async (ctx) => {
        const wire = await ctx.repository(createChannelsRepository).wire(params.wire_id);
        if (!wire?.enabled) throw new AppError('FUNDING_CHANNEL_NOT_FOUND');
        const number = parseCurrencyAmount(params.number);
        checkAmount(number, wire);
        return {
          userId: user.id,
          type: 1 as const,
          networkId: null,
          wireId: wire.id,
          currencyCode: wire.currency,
          protocolCode: '',
          destination: wireDestination(wire),
          number,
          language,
          createdAt: ctx.at,
        };
      });
    },

    async list(user: UserRecord, type: 0 | 1 | undefined, page: number): Promise<DepositList> {
      const { rows, total } = await deposits.pageOfUser(user.id, type, page, PAGE_SIZE);
      return { data: rows.map(toDepositWire), total };
    },

    /** The operators' list of one status (a number: the admin contract's filter). */
    async queue(status: DepositStatusCode, page: number) {
      const state = depositStatus.stateOf(status);
      const { rows, total } = await deposits.pageByStatus(state, page, PAGE_SIZE);
      return { data: await adminRows(rows), total };
    },

    /**
     * Credits an unchecked deposit at its currency's price now: number × price_usd, rounded
     * down to the micro-USD, one ledger row — the decision and the money in one command.
     * Four eyes (issue 24, item 3): when the credit, with the account's credits of the last 24
     * hours, reaches DEPOSIT_FOUR_EYES_USD, this approval is recorded as the first of two and
     * another operator's credits it. A credit that reaches it only with the account's earlier
     * ones answers FOUR_EYES_REQUIRED (the approver saw no sign of it), its approval recorded.
     */
    async approve(actor: AuditActor, id: number): Promise<AdminDeposit> {
      const deposit = await deposits.find(id);
      if (!deposit) throw new AppError('NOT_FOUND');
      const priceUsd = await priceOf(deposit);
      const credit = depositCredit(deposit.number, priceUsd);
      if (credit <= 0n) throw new AppError('AMOUNT_INVALID', { decimals: USD_SCALE });
      const decided = await core.execute(
        deposit.userId,
        depositCreditCommand({ notices: deps.notices, fourEyes }, { actor, id, priceUsd, credit }),
        { create: true },
      );
      if (decided.noticeKey) await deps.notices.deliver(decided.noticeKey);
      const row = await adminRow(decided.after);
      if (decided.split) throw new AppError('FOUR_EYES_REQUIRED', {}, row);
      return row;
    },

    reject: (actor: AuditActor, id: number, remark: string) =>
      refuse(actor, id, DEPOSIT.reject, remark),
    invalid: (actor: AuditActor, id: number, remark: string) =>
      refuse(actor, id, DEPOSIT.invalidate, remark),
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
