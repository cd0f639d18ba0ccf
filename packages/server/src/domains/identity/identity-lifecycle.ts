import { REVIEW_STATUSES } from '@tradedesk/contract';
import { statusCodec, type Transition } from '../../platform/core/lifecycle.ts';

/** A trader's real-name verification, as the contract names its states. */
export type IdentityState = keyof typeof REVIEW_STATUSES;

/** Numbers of the states: for the repository (database) and the wire mapping only. */
export const identityStatus = statusCodec(REVIEW_STATUSES, 'review_status');

/**
 * A step of an identity with its effects beside it: what the audit log calls it and the
 * outcome the trader is told. No money moves.
 */
export interface IdentityTransition extends Transition<IdentityState> {
  readonly audit?: string;
  readonly outcome?: 'approved' | 'rejected';
}

/**
 * notSubmitted → waiting on submit (also after a rejection) → finished on approval, or back
 * to notSubmitted with the reason on rejection (SPEC.md §3 Identity, DECISIONS.md).
 */
export const IDENTITY = {
  submit: { from: ['notSubmitted'], to: 'waiting' },
  approve: { from: ['waiting'], to: 'finished', audit: 'identity.approve', outcome: 'approved' },
  reject: {
    from: ['waiting'],
    to: 'notSubmitted',
    audit: 'identity.reject',
    outcome: 'rejected',
  },
} as const satisfies Record<string, IdentityTransition>;

/** A decision of a reviewer on a waiting identity. */
export type IdentityDecisionStep = typeof IDENTITY.approve | typeof IDENTITY.reject;
