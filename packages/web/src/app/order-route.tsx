import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { OrderPage, type OrderPageTab } from '../features/trade/pages/order-page.tsx';

// The copies' code (cards, sheets) loads when their tab is first opened, not with the orders.
const CopiesList = lazy(() =>
  import('../features/copying/components/copies-list.tsx').then((m) => ({
    default: m.CopiesList,
  })),
);

const renderCopies = () => (
  <Suspense fallback={<PageSpinner />}>
    <CopiesList />
  </Suspense>
);

/**
 * /order with the copies of leaders as a tab beside positions, pending orders and history:
 * the trade and copying features meet here, in the app layer.
 */
export function OrderRoute() {
  const { t } = useTranslation();
  const tabs: OrderPageTab[] = [{ key: 'copies', title: t('copy.tab'), render: renderCopies }];
  return <OrderPage extraTabs={tabs} />;
}
