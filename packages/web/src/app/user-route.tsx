import { ProviderItem } from '../features/company/components/provider-item.tsx';
import { UserPage } from '../features/user/pages/user-page.tsx';

/** /user with the provider chosen in company mode: the two features meet here, in the app layer. */
export function UserRoute() {
  return <UserPage provider={<ProviderItem />} />;
}
