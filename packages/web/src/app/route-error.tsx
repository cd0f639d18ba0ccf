import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../lib/route-paths.ts';

/** What a broken page (error) or an unknown address (notFound) shows: a way back home. */
export function RouteError({ notFound = false, error }: { notFound?: boolean; error?: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!notFound) console.error(error);
  return (
    <div className="route-error">
      <ErrorBlock
        status={notFound ? 'empty' : 'default'}
        title={notFound ? t('public.not_found') : t('public.page_error')}
        description=""
      />
      <Button color="primary" onClick={() => navigate(PATHS.home)}>
        {t('public.go_home')}
      </Button>
    </div>
  );
}
