import { Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Puts text on the clipboard. The Clipboard API needs a secure context and may be refused
 * (an embedded browser, a permission); the old selection copy still works there.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** Copies a value (a link, an address) and says so (public.copy_success). */
export function useCopyText(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      if (await copyText(text)) Toast.show({ content: t('public.copy_success') });
    },
    [t],
  );
}
