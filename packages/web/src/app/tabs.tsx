import { TabBar } from 'antd-mobile';
import {
  HistogramOutline,
  PieOutline,
  TeamOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../lib/route-paths.ts';

/** The footer tabs (SPEC.md §2): quotes, trade, orders, documentary (the ranking), mine. */
const TABS = [
  { path: PATHS.home, label: 'tab.quotes', icon: <HistogramOutline /> },
  { path: PATHS.trade, label: 'tab.trade', icon: <PieOutline /> },
  { path: PATHS.order, label: 'tab.orders', icon: <UnorderedListOutline /> },
  { path: PATHS.rank, label: 'tab.documentary', icon: <TeamOutline /> },
  { path: PATHS.user, label: 'tab.mine', icon: <UserOutline /> },
] as const;

/** Routes that show the footer: the tabs', and the news list (SPEC.md §2 "Footer"). */
export const FOOTER_PATHS: readonly string[] = [...TABS.map((tab) => tab.path), PATHS.news];

export function FooterTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="footer-tabs" aria-label="main">
      <TabBar activeKey={pathname} onChange={(key) => navigate(key)} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.path} icon={tab.icon} title={t(tab.label)} />
        ))}
      </TabBar>
    </nav>
  );
}
