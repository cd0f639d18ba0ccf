import { SpinLoading } from 'antd-mobile';
import { CompanySearchPage } from '../features/company/pages/company-search-page.tsx';
import { ProductPage } from '../features/market/pages/product-page.tsx';
import { useCompanyModeStore } from '../stores/company-mode-store.ts';

/**
 * /product (SPEC.md §2): companies in main mode, instruments otherwise. The start-up check
 * decides; until it answers (a deep link to /product) a spinner stands in for either page.
 */
export function ProductRoute() {
  const mainMode = useCompanyModeStore((s) => s.mainMode);
  if (mainMode === undefined)
    return (
      <div className="page" style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
        <SpinLoading />
      </div>
    );
  return mainMode ? <CompanySearchPage /> : <ProductPage />;
}
