import { TRADE_FEE_TYPE } from '@tradedesk/contract';
import type { SettingsSnapshot } from '../../platform/db/settings-snapshot.ts';

/**
 * How orders pay their fee (settings.trade_fee_type): 1 a fixed amount per lot, 2 a rate of
 * the margin (the default, and what any value other than per-lot means).
 */
export function tradeFeeTypeOf(settings: SettingsSnapshot): 1 | 2 {
  return Number(settings.get('trade_fee_type')) === TRADE_FEE_TYPE.perLot ? 1 : 2;
}
