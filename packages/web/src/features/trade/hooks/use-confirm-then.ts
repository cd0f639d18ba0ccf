import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/dialogs.ts';

/**
 * Asks, then acts on an order; `onDone` runs when the act worked (the popup closes). The act's
 * mutation refreshes the account, whether it worked or was refused.
 */
export function useConfirmThen(onDone: () => void) {
  const { t } = useTranslation();
  return async (question: string, act: () => Promise<unknown>): Promise<void> => {
    const ok = await confirmDialog({
      content: question,
      confirmText: t('public.confirm'),
      cancelText: t('public.cancel'),
    });
    if (!ok) return;
    try {
      await act();
      onDone();
    } catch {
      // Toasted by the client.
    }
  };
}
