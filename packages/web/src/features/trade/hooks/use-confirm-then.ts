import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRefreshAccount } from '../api/orders-api.ts';

/**
 * Asks, then acts on an order; `onDone` runs when the act worked (the popup closes). The account
 * is refreshed whether it worked or was refused, so the lists show what the server now holds.
 */
export function useConfirmThen(onDone: () => void) {
  const { t } = useTranslation();
  const refreshAccount = useRefreshAccount();
  return async (question: string, act: () => Promise<unknown>): Promise<void> => {
    const ok = await Dialog.confirm({
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
    await refreshAccount();
  };
}
