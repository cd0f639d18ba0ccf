/**
 * Bound withdrawal methods (SPEC.md §3 Bound method). A new one may be paid to only after the
 * cooling-off: a stolen session cannot bind an address and empty the account at once. Binding
 * and removing run under the account's lock, like a withdrawal, so a withdrawal never goes to
 * a method removed in the same instant and the cap holds on every node.
 */
import {
  type BindDrawMethodRequest,
  type BoundMethod,
  DRAW_TYPES,
  MAX_BOUND_METHODS,
} from '@tradedesk/contract';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { createChannelsRepository, type DrawCurrencyRecord } from './channels.repository.ts';
import { createDrawMethodsRepository } from './draw-methods.repository.ts';
import type { FundingDeps } from './funding-deps.ts';
import { toBoundMethodWire } from './funding-wire.ts';
import { isWithdrawalAddress } from './withdrawal-address.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The fields a bound method of each type must have (SPEC.md §5 Bind forms). */
function requiredFields(params: BindDrawMethodRequest): (string | undefined)[] {
  return params.type === DRAW_TYPES.coin
    ? [params.dc_address]
    : [
        params.bank_name,
        params.bank_address,
        params.bank_swift,
        params.payee_name,
        params.payee_account,
      ];
}

/** The trader's methods of a type (and currency), newest first, with when each may be used. */
export async function listDrawMethods(
  deps: Pick<FundingDeps, 'channels' | 'methods' | 'now'>,
  user: UserRecord,
  type: 1 | 2,
  drawCurrencyId?: number,
): Promise<BoundMethod[]> {
  const [found, currencies] = await Promise.all([
    deps.methods.ofUser(user.id, {
      type,
      ...(drawCurrencyId !== undefined && { drawCurrencyId }),
    }),
    deps.channels.drawCurrencies({ onlyEnabled: false }),
  ]);
  const byId = new Map(currencies.map((c) => [c.id, c]));
  const now = deps.now();
  return found.map((m) => toBoundMethodWire(m, byId.get(m.drawCurrencyId), now));
}

/** Binds an address or a bank account, usable after the cooling-off. */
export async function bindDrawMethod(
  deps: Pick<FundingDeps, 'core' | 'rules'>,
  user: UserRecord,
  params: BindDrawMethodRequest,
): Promise<BoundMethod> {
  if (requiredFields(params).some((field) => !field)) throw new AppError('INCOMPLETE');
  return deps.core.execute(
    user.id,
    {
      name: 'bind-draw-method',
      async run(ctx) {
        const methods = ctx.repository(createDrawMethodsRepository);
        const currency = await ctx
          .repository(createChannelsRepository)
          .drawCurrency(params.draw_id);
        if (!currency?.enabled || currency.type !== params.type)
          throw new AppError('FUNDING_CHANNEL_NOT_FOUND');
        if (
          params.type === DRAW_TYPES.coin &&
          !isWithdrawalAddress(currency.protocol, params.dc_address ?? '')
        )
          throw new AppError('WITHDRAW_ADDRESS_INVALID', { protocol: currency.protocol });
        if ((await methods.count(user.id)) >= MAX_BOUND_METHODS)
          throw new AppError('TOO_MANY_METHODS', { max: MAX_BOUND_METHODS });
        const method = await methods.insert({
          ...destinationFields(params, currency),
          userId: user.id,
          type: params.type,
          drawCurrencyId: currency.id,
          remark: params.remark ?? '',
          createdAt: ctx.at,
          usableAt: ctx.at + Math.round(deps.rules.coolingHours * HOUR_MS),
        });
        return toBoundMethodWire(method, currency, ctx.at);
      },
    },
    { create: true },
  );
}

/** Where a method of its type sends money; the other type's fields stay empty. */
function destinationFields(params: BindDrawMethodRequest, currency: DrawCurrencyRecord) {
  const bank = params.type === DRAW_TYPES.bank;
  return {
    dcAddress: bank ? '' : (params.dc_address ?? ''),
    bankName: bank ? (params.bank_name ?? '') : '',
    bankAddress: bank ? (params.bank_address ?? '') : '',
    bankSwift: bank ? (params.bank_swift ?? '') : '',
    payeeName: bank ? (params.payee_name ?? '') : '',
    payeeAccount: bank ? (params.payee_account ?? '') : '',
    currency: bank ? (params.currency ?? currency.code) : currency.code,
  };
}

/** Removes a method unless a withdrawal to it is still open. */
export async function removeDrawMethod(
  deps: Pick<FundingDeps, 'core'>,
  user: UserRecord,
  id: number,
): Promise<null> {
  await deps.core.execute(
    user.id,
    {
      name: 'remove-draw-method',
      async run(ctx) {
        const outcome = await ctx
          .repository(createDrawMethodsRepository)
          .remove(user.id, id, ctx.at);
        if (outcome === 'in-use') throw new AppError('METHOD_IN_USE');
        if (outcome === 'missing') throw new AppError('METHOD_NOT_BOUND');
      },
    },
    { create: true },
  );
  return null;
}
