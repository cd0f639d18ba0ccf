import {
  type BindDrawMethodRequest,
  type BoundMethod,
  MAX_BOUND_METHODS,
} from '@tradedesk/contract';
import type { CommandCore } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import {
  type ChannelsRepository,
  createChannelsRepository,
  type DrawCurrencyRecord,
} from './channels.repository.ts';
import {
  createDrawMethodsRepository,
  type DrawMethodsRepository,
} from './draw-methods.repository.ts';
import { toBoundMethodWire } from './funding-wire.ts';
import { isWithdrawalAddress } from './withdrawal-address.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The fields a bound method of each type must have (SPEC.md §5 Bind forms). */
function requiredFields(params: BindDrawMethodRequest): (string | undefined)[] {
  return params.type === 1
    ? [params.dc_address]
    : [
        params.bank_name,
        params.bank_address,
        params.bank_swift,
        params.payee_name,
        params.payee_account,
      ];
}

/**
 * Bound withdrawal methods (SPEC.md §3 Bound method). A new one may be paid to only after the
 * cooling-off: a stolen session cannot bind an address and empty the account at once. Binding
 * and removing run under the account's lock, like a withdrawal, so a withdrawal never goes to
 * a method removed in the same instant and the cap holds on every node.
 */
export function createDrawMethodsService(deps: {
  core: CommandCore;
  channels: ChannelsRepository;
  methods: DrawMethodsRepository;
  coolingHours: number;
  now: () => number;
}) {
  const { core, channels, methods } = deps;

  async function currenciesById(): Promise<Map<number, DrawCurrencyRecord>> {
    const all = await channels.drawCurrencies({ onlyEnabled: false });
    return new Map(all.map((c) => [c.id, c]));
  }

  return {
    async list(user: UserRecord, type: 1 | 2, drawCurrencyId?: number): Promise<BoundMethod[]> {
      const [found, currencies] = await Promise.all([
        methods.ofUser(user.id, {
          type,
          ...(drawCurrencyId !== undefined && { drawCurrencyId }),
        }),
        currenciesById(),
      ]);
      const now = deps.now();
      return found.map((m) => toBoundMethodWire(m, currencies.get(m.drawCurrencyId), now));
    },

    async bind(user: UserRecord, params: BindDrawMethodRequest): Promise<BoundMethod> {
      if (requiredFields(params).some((field) => !field)) throw new AppError('INCOMPLETE');
      return core.execute(
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
              params.type === 1 &&
              !isWithdrawalAddress(currency.protocol, params.dc_address ?? '')
            )
              throw new AppError('WITHDRAW_ADDRESS_INVALID', { protocol: currency.protocol });
            if ((await methods.count(user.id)) >= MAX_BOUND_METHODS)
              throw new AppError('TOO_MANY_METHODS', { max: MAX_BOUND_METHODS });
            const bank = params.type === 2;
            const method = await methods.insert({
              userId: user.id,
              type: params.type,
              drawCurrencyId: currency.id,
              dcAddress: bank ? '' : (params.dc_address ?? ''),
              bankName: bank ? (params.bank_name ?? '') : '',
              bankAddress: bank ? (params.bank_address ?? '') : '',
              bankSwift: bank ? (params.bank_swift ?? '') : '',
              payeeName: bank ? (params.payee_name ?? '') : '',
              payeeAccount: bank ? (params.payee_account ?? '') : '',
              currency: bank ? (params.currency ?? currency.code) : currency.code,
              remark: params.remark ?? '',
              createdAt: ctx.at,
              usableAt: ctx.at + Math.round(deps.coolingHours * HOUR_MS),
            });
            return toBoundMethodWire(method, currency, ctx.at);
          },
        },
        { create: true },
      );
    },

    async remove(user: UserRecord, id: number): Promise<null> {
      await core.execute(
        user.id,
        {
          name: 'remove-draw-method',
          async run(ctx) {
            const methods = ctx.repository(createDrawMethodsRepository);
            const outcome = await methods.remove(user.id, id, ctx.at);
            if (outcome === 'in-use') throw new AppError('METHOD_IN_USE');
            if (outcome === 'missing') throw new AppError('METHOD_NOT_BOUND');
          },
        },
        { create: true },
      );
      return null;
    },
  };
}

export type DrawMethodsService = ReturnType<typeof createDrawMethodsService>;
