import { Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text.ts';

/** Copies a value (an address, an account) and says so (public.copy_success). */
export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      if (await copyText(text)) Toast.show({ content: t('public.copy_success') });
    },
    [t],
  );
}
