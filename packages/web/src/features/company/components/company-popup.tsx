import type { Company } from '@tradedesk/contract';
import { Button, List, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { CompanyLogo } from './company-logo.tsx';

/**
 * A detail as the operator typed it: its own direction (an English address in an Arabic page
 * keeps its word order), a dash when empty.
 */
function Value({ text }: { text: string }) {
  return <span dir="auto">{text || '—'}</span>;
}

/** SPEC.md §3 provider details, with the choice when `onChoose` is given. */
export function CompanyPopup({
  company,
  onClose,
  onChoose,
  chosen,
}: {
  company: Company | undefined;
  onClose: () => void;
  onChoose?: (company: Company) => void;
  chosen?: boolean;
}) {
  const { t } = useTranslation();
  useBackCloses(company !== undefined, onClose);
  return (
    <Popup
      visible={company !== undefined}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="company-popup"
      showCloseButton
    >
      {company ? (
        <div data-testid="company-popup">
          <div className="company-popup-head">
            <CompanyLogo company={company} size={48} />
            <h3>{company.name}</h3>
          </div>
          <List>
            <List.Item extra={<Value text={company.subject} />}>
              {t('company.main_company')}
            </List.Item>
            <List.Item extra={<Value text={company.registered_address} />}>
              {t('company.registered_address')}
            </List.Item>
            <List.Item extra={<Value text={company.location} />}>
              {t('company.office_address')}
            </List.Item>
            <List.Item
              extra={
                company.email ? (
                  <a href={`mailto:${company.email}`} dir="ltr">
                    {company.email}
                  </a>
                ) : (
                  '—'
                )
              }
            >
              {t('company.contact_email')}
            </List.Item>
            <List.Item
              extra={
                company.url ? (
                  <a href={company.url} target="_blank" rel="noopener noreferrer" dir="ltr">
                    {company.url.replace(/^https:\/\//, '')}
                  </a>
                ) : (
                  '—'
                )
              }
            >
              {t('company.website')}
            </List.Item>
          </List>
          {onChoose ? (
            <div className="company-popup-actions">
              <Button
                block
                color="primary"
                disabled={chosen}
                onClick={() => onChoose(company)}
                data-testid="company-choose"
              >
                {chosen ? t('company.chosen') : t('company.choose')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Popup>
  );
}
