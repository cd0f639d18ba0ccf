import { LANGUAGE_NAMES, LANGUAGES, type Language, normalizeLanguage } from '@tradedesk/contract';
import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useGoBack } from '../../../components/ui/use-go-back.ts';
import { changeLanguage } from '../../../i18n/i18n.ts';

/** The 15 languages, each in its own script; the choice is persisted and sent as `lang`. */
export function LanguagePage() {
  const { t, i18n } = useTranslation();
  const goBack = useGoBack();
  const current = normalizeLanguage(i18n.language);
  const choose = async (values: (string | number)[]) => {
    const next = values[0];
    if (typeof next !== 'string' || next === current) return;
    await changeLanguage(next as Language);
    goBack();
  };
  return (
    <div className="page">
      <PageHeader title={t('language.title')} />
      <CheckList value={[current]} onChange={choose} className="language-list">
        {LANGUAGES.map((language) => (
          <CheckList.Item key={language} value={language} data-lang={language}>
            {LANGUAGE_NAMES[language]}
          </CheckList.Item>
        ))}
      </CheckList>
    </div>
  );
}
