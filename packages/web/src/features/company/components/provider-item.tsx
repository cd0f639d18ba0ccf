import type { Company } from '@tradedesk/contract';
import { List } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chosenCompany } from '../lib/company-cookie.ts';
import { CompanyPopup } from './company-popup.tsx';
import '../company.css';

/** /user's provider row: the company chosen on /product in main mode, with its details. */
export function ProviderItem() {
  const { t } = useTranslation();
  const [company] = useState(chosenCompany);
  const [open, setOpen] = useState<Company>();
  if (!company) return null;
  return (
    <>
      <List className="user-provider">
        <List.Item
          prefix={<BankcardOutline />}
          extra={<span data-testid="provider-name">{company.name}</span>}
          onClick={() => setOpen(company)}
        >
          {t('company.provider')}
        </List.Item>
      </List>
      <CompanyPopup company={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
