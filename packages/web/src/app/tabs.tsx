import { TabBar } from 'antd-mobile';
import { HistogramOutline, PieOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../lib/route-paths.ts';

/** The footer tabs; copy trading joins with its feature. */
const TABS = [
  { path: PATHS.home, label: 'tab.quotes', icon: <HistogramOutline /> },
  { path: PATHS.trade, label: 'tab.trade', icon: <PieOutline /> },
  { path: PATHS.order, label: 'tab.orders', icon: <UnorderedListOutline /> },
  { path: PATHS.user, label: 'tab.mine', icon: <UserOutline /> },
] as const;

export const FOOTER_PATHS: readonly string[] = TABS.map((tab) => tab.path);

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
