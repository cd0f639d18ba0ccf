import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';

/**
 * /feedback: SPEC.md §2's placeholder with a back arrow. It says where to go meanwhile, so
 * a trader who came to complain is not left at a dead end.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page feedback-page" data-testid="feedback-page">
      <PageHeader title={t('feedback.title')} />
      <ErrorBlock
        status="empty"
        title={t('feedback.coming_soon')}
        description={t('feedback.text')}
        style={{ padding: '48px 24px' }}
      >
        <Button color="primary" onClick={() => navigate(PATHS.email)} data-testid="feedback-email">
          {t('feedback.write_complaint')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
