import type { CopySkipReason, CopyStatus, CopyStopReason } from '@tradedesk/contract';

/**
 * The i18n key of each reason a copy skipped a leader's trade (COPY_SKIP_REASONS): written
 * out per reason, so that a reason added to the contract fails the type check here until it
 * has words.
 */
export const SKIP_REASON_KEYS: Record<CopySkipReason, string> = {
  'below-min-lot': 'copy.skip_below_min_lot',
  'insufficient-margin': 'copy.skip_insufficient_margin',
  paused: 'copy.skip_paused',
  'market-closed': 'copy.skip_market_closed',
  'too-many-orders': 'copy.skip_too_many_orders',
  'stops-passed': 'copy.skip_stops_passed',
};

/** Why a copy stopped, as the follower reads it. */
export const STOP_REASON_KEYS: Record<CopyStopReason, string> = {
  user: 'copy.stopped_by_user',
  'copy-stop-loss': 'copy.stopped_by_stop_loss',
};

export const STATUS_KEYS: Record<CopyStatus, string> = {
  active: 'copy.status_active',
  paused: 'copy.status_paused',
  stopped: 'copy.status_stopped',
};
