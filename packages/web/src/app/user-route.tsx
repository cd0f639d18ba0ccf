import { ProviderItem } from '../features/company/components/provider-item.tsx';
import { NoticeBell } from '../features/trade/components/notice-bell.tsx';
import { UserPage } from '../features/user/pages/user-page.tsx';

/**
 * /user with the provider chosen in company mode and the bell of closed positions: the
 * features meet here, in the app layer.
 */
export function UserRoute() {
  return <UserPage provider={<ProviderItem />} bell={<NoticeBell />} />;
}
