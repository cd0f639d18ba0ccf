import { LogoutOutlined } from '@ant-design/icons';
import type { AdminMe } from '@tradedesk/contract/admin';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/use-logout.ts';
import { PATHS } from '../lib/paths.ts';
import { FullPageSpin } from './full-page-spin.tsx';
import { visibleNav } from './nav.tsx';

/** The menu entry of a path: /users/42 belongs to /users. */
function selectedKey(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return `/${first}`;
}

/** Side menu of the operator's pages, a header with who is logged in, and the page. */
export function AdminLayout({ me }: { me: AdminMe }) {
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const items = visibleNav(me).map((entry) => ({
    key: entry.path,
    icon: entry.icon,
    label: <Link to={entry.path}>{entry.label}</Link>,
  }));

  return (
    <Layout className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Layout.Sider width={220} theme="light" className="admin-sider">
        <Link to={PATHS.home} className="admin-brand">
          TradeDesk <span>back office</span>
        </Link>
        <nav aria-label="Back office">
          <Menu mode="inline" selectedKeys={[selectedKey(location.pathname)]} items={items} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Space size="middle">
            <Typography.Text strong>{me.email}</Typography.Text>
            <Tag color="blue">{me.role}</Tag>
            {/* Enrolled, the page leaves the menu; it stays here, to turn two-factor off. */}
            {me.otp_enabled && <Link to={PATHS.twoFactor}>Two-factor on</Link>}
            <Link to={PATHS.password}>Change password</Link>
            <Button
              icon={<LogoutOutlined />}
              loading={logout.isPending}
              onClick={() =>
                logout.mutate(undefined, {
                  onSettled: () => navigate(PATHS.login, { replace: true }),
                })
              }
            >
              Log out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content id="main" className="admin-content" tabIndex={-1}>
          <Suspense fallback={<FullPageSpin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
