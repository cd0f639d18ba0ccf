import { type Language, normalizeLanguage } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';

/**
 * The reader's language, re-rendering its caller when it changes: for the query keys of
 * answers the server translates (sent as `lang`), so that a switch reads them again.
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.language);
}
