import {
  type ChargeSubmitRequest,
  DEPOSIT_TYPES,
  type DepositRecord as DepositWire,
  type Language,
  MAX_UNCHECKED_DEPOSITS,
  type WireSubmitRequest,
} from '@tradedesk/contract';
import { depositCredit } from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { createChannelsRepository, type WireRecord } from './channels.repository.ts';
import { createDepositsRepository, type NewDeposit } from './deposits.repository.ts';
import type { FundingDeps } from './funding-deps.ts';
import { depositAboveMax, USD_LIMIT } from './funding-limits.ts';
import { CURRENCY_SCALE, decimalText, parseCurrencyAmount } from './funding-units.ts';
import { toDepositWire } from './funding-wire.ts';

type Deps = Pick<FundingDeps, 'core' | 'uploads'>;

/** What the trader reports, less its proof (which the submission claims). */
type Reported = Omit<NewDeposit, 'proofUpload' | 'proofSha256'>;

/** The wire account in one line, as the reviewer reads where the money was sent. */
const wireDestination = (w: WireRecord) => `${w.bankName} · ${w.payeeName} · ${w.payeeAccount}`;

/**
 * A deposit sent on a network (SPEC.md §4), reported with a proof image: recorded unchecked
 * for an operator to credit, reject or mark invalid.
 */
export function submitCoinDeposit(
  deps: Deps,
  user: UserRecord,
  params: ChargeSubmitRequest,
  language: Language,
): Promise<DepositWire> {
  return submit(deps, user, params.proofImg, async (ctx) => {
    const network = await ctx.repository(createChannelsRepository).network(params.charge_id);
    if (!network?.enabled) throw new AppError('FUNDING_CHANNEL_NOT_FOUND');
    // The address the trader sent to must be the one we show now: an address changed
    // since the page was read means the money may have gone where we do not look.
    if (params.address !== network.address) throw new AppError('DEPOSIT_ADDRESS_CHANGED');
    const number = parseCurrencyAmount(params.number);
    checkAmount(number, network);
    return {
      userId: user.id,
      type: DEPOSIT_TYPES.coin,
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
}

/** A deposit sent by bank wire, reported with a proof image. */
export function submitWireDeposit(
  deps: Deps,
  user: UserRecord,
  params: WireSubmitRequest,
  language: Language,
): Promise<DepositWire> {
  return submit(deps, user, params.proofImg, async (ctx) => {
    const wire = await ctx.repository(createChannelsRepository).wire(params.wire_id);
    if (!wire?.enabled) throw new AppError('FUNDING_CHANNEL_NOT_FOUND');
    const number = parseCurrencyAmount(params.number);
    checkAmount(number, wire);
    return {
      userId: user.id,
      type: DEPOSIT_TYPES.bank,
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
}

/** A deposit recorded as unchecked, under the account's lock (so the cap holds on every node). */
function submit(
  deps: Deps,
  user: UserRecord,
  proofImg: string,
  report: (ctx: CommandContext) => Promise<Reported>,
): Promise<DepositWire> {
  return deps.core.execute(
    user.id,
    {
      name: 'deposit-submit',
      async run(ctx) {
        const deposits = ctx.repository(createDepositsRepository);
        if ((await deposits.uncheckedCount(user.id)) >= MAX_UNCHECKED_DEPOSITS)
          throw new AppError('TOO_MANY_UNCHECKED_DEPOSITS', { max: MAX_UNCHECKED_DEPOSITS });
        const fields = await report(ctx);
        const claims = ctx.repository(deps.uploads.claims);
        const proofUpload = await claims.claimOwn(user.id, proofImg);
        const proofSha256 = await claims.digestOf(proofUpload);
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
