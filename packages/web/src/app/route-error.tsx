import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { PATHS } from '../lib/route-paths.ts';

/** One error boundary per route: a broken page never takes the app down. */
export function RouteError({ notFound: forcedNotFound = false }: { notFound?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notFound = forcedNotFound || (isRouteErrorResponse(error) && error.status === 404);
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
