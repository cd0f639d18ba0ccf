import { Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import type { ImageSlot } from '../../../components/ui/use-image-slot.ts';
import { amountToSend } from '../../../lib/amount-text.ts';

/**
 * The checks both deposit forms make before sending, in the order the trader fills them:
 * an amount (public.input_full), then the proof photo. Answers the amount to send, or null
 * after saying what is missing.
 */
export function checkDepositForm(t: TFunction, amount: string, proof: ImageSlot): string | null {
  const number = amountToSend(amount);
  if (number === null) {
    Toast.show({ content: t('public.input_full') });
    return null;
  }
  if (!proof.url) {
    Toast.show({ content: t('charge.proof_required') });
    return null;
  }
  return number;
}
