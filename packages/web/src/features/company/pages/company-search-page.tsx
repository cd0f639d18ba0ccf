import type { Company } from '@tradedesk/contract';
import { List, SearchBar, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SEARCH_DEBOUNCE_MS, useCompanySearch, useDebouncedValue } from '../api/company-api.ts';
import { CompanyLogo } from '../components/company-logo.tsx';
import { CompanyPopup } from '../components/company-popup.tsx';
import { chooseCompany, readCompanyId } from '../lib/company-cookie.ts';
import '../company.css';

/** /product in main mode (SPEC.md §2): search companies; a row opens its details. */
export function CompanySearchPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const needle = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const { data: companies, isPending } = useCompanySearch(needle);
  const [open, setOpen] = useState<Company>();
  const [chosenId, setChosenId] = useState(readCompanyId);
  const choose = (company: Company) => {
    chooseCompany(company);
    setChosenId(company.id);
    Toast.show({ icon: 'success', content: t('company.chosen') });
    setOpen(undefined);
  };
  return (
    <div className="page company-page">
      <PageHeader title={t('company.title')} />
      <div className="product-search">
        <SearchBar
          placeholder={t('company.search_placeholder')}
          value={query}
          onChange={setQuery}
          autoFocus
        />
      </div>
      {isPending ? <Skeleton.Paragraph lineCount={4} animated /> : null}
      <List className="company-list" data-testid="company-results">
        {companies?.map((company) => (
          <List.Item
            key={company.id}
            prefix={<CompanyLogo company={company} />}
            description={company.subject}
            extra={company.id === chosenId ? t('company.chosen') : undefined}
            onClick={() => setOpen(company)}
            arrow
          >
            {company.name}
          </List.Item>
        ))}
      </List>
      {companies?.length === 0 ? <p className="empty-note">{t('company.no_results')}</p> : null}
      <CompanyPopup
        company={open}
        onClose={() => setOpen(undefined)}
        onChoose={choose}
        chosen={open !== undefined && open.id === chosenId}
      />
    </div>
  );
}
