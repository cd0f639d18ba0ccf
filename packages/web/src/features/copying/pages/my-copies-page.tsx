import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { CopiesList } from '../components/copies-list.tsx';

/** /copies: every copy of a leader the trader started, running ones live. */
export function MyCopiesPage() {
  const { t } = useTranslation();
  return (
    <div className="page my-copies-page" data-testid="my-copies-page">
      <PageHeader title={t('copy.my_copies')} fallback={PATHS.order} />
      <CopiesList />
    </div>
  );
}
