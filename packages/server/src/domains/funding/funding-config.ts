import type { FundingConfig } from '@tradedesk/contract/admin';
import { drawCurrencyConfig, networkConfig, wireConfig } from './channel-configs.ts';
import type { FundingDeps } from './funding-deps.ts';

/** The cashier's configuration as the desk reads it: every channel, on or off, and the rules. */
export async function fundingConfig(
  deps: Pick<FundingDeps, 'channels' | 'rules'>,
): Promise<FundingConfig> {
  const { channels, rules } = deps;
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
      cooling_hours: rules.coolingHours,
      four_eyes_usd: rules.fourEyesUsd,
      daily_limit_usd: rules.dailyLimitUsd,
    },
  };
}
