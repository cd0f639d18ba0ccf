import type { ReactNode } from 'react';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { useUserInfo } from '../api/user-api.ts';
import { AccountCard } from '../components/account-card.tsx';
import { BalanceCard } from '../components/balance-card.tsx';
import { FundingButtons } from '../components/funding-buttons.tsx';
import { LogoutButton } from '../components/logout-button.tsx';
import { UserFacts } from '../components/user-facts.tsx';
import { UserMenu } from '../components/user-menu.tsx';
import { useOpenRealOnly } from '../hooks/use-open-real-only.ts';
import '../user-page.css';

/**
 * `provider`: company mode's provider row; `bell`: the notices of positions the market closed.
 * Both composed in by the app layer (app/user-route.tsx).
 */
export function UserPage({ provider, bell }: { provider?: ReactNode; bell?: ReactNode } = {}) {
  const { data: user } = useUserInfo();
  // Asked for beside the user, not after: the complaint address shows with the rest.
  const { data: info } = useBasicInfo();
  const isDemo = user?.is_demo === 1;
  const openRealOnly = useOpenRealOnly(isDemo);
  if (!user) return null;
  return (
    <div className="page user-page">
      <AccountCard user={user} isDemo={isDemo} bell={bell} />
      <BalanceCard isDemo={isDemo} />
      <FundingButtons openRealOnly={openRealOnly} />
      <UserFacts user={user} isDemo={isDemo} complaintEmail={info?.complaint_email} />
      <UserMenu openRealOnly={openRealOnly} />
      {provider}
      <div className="user-logout">
        <LogoutButton />
      </div>
    </div>
  );
}
