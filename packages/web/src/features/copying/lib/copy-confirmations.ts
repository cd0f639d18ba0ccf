import { type Copy, isRightToLeft, normalizeLanguage } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { displayLanguage } from '../../../lib/bidi.ts';
import { formatUsd } from './copy-figures.ts';

// FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: a name keeps its own direction inside the
// sentence (a masked e-mail left to right, an Arabic nickname right to left).
const FSI = '\u2068';
const PDI = '\u2069';

function nameOf(copy: Copy, language = displayLanguage()): string {
  return isRightToLeft(normalizeLanguage(language)) ? `${FSI}${copy.leader}${PDI}` : copy.leader;
}

/** What a follower's command did to a copy, said back to them. */
export type CopyChange =
  | { kind: 'paused' | 'resumed' }
  /** `amount`: the decimal text sent, negative (a leading "-") for money taken back. */
  | { kind: 'funds'; amount: string };

/**
 * The toast after a command on a copy succeeded: "Copy of an***@***.com paused", "Added 50.00
 * USD to your copy of an***@***.com", "Took 50.00 USD back from your copy of …".
 */
export function copyConfirmation(t: TFunction, copy: Copy, change: CopyChange): string {
  const name = nameOf(copy);
  if (change.kind !== 'funds')
    return change.kind === 'paused'
      ? t('copy.paused_toast', { name })
      : t('copy.resumed_toast', { name });
  const takenBack = change.amount.startsWith('-');
  // Display only: the decimal text the follower typed (at most 2 decimals), to the cent.
  const amount = formatUsd(Number(change.amount.replace(/^-/, '')));
  return t(takenBack ? 'copy.funds_taken_toast' : 'copy.funds_added_toast', {
    amount,
    name,
  });
}
