import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** While a page's configuration loads, or when it could not be read: a spinner, or a retry. */
export function QueryState({ isError, retry }: { isError: boolean; retry(): void }) {
  const { t } = useTranslation();
  if (!isError) return <SpinLoading className="section-loading" color="primary" />;
  return (
    <div className="route-error">
      <p>{t('public.page_error')}</p>
      <Button color="primary" onClick={retry}>
        {t('public.retry')}
      </Button>
    </div>
  );
}
