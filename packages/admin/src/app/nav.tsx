import {
  AuditOutlined,
  BankOutlined,
  CopyOutlined,
  DownloadOutlined,
  IdcardOutlined,
  MailOutlined,
  MessageOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { AdminMe } from '@tradedesk/contract/admin';
import { roleMay } from '@tradedesk/contract/admin/roles';
import { ADMIN_ROUTES, type AdminRouteName } from '@tradedesk/contract/admin/routes';
import type { ReactNode } from 'react';
import { PATHS } from '../lib/paths.ts';

export interface NavEntry {
  path: string;
  label: string;
  icon: ReactNode;
  /** The call the page is built on: the page is listed when the role may make it. */
  route: AdminRouteName;
}

export const NAV: readonly NavEntry[] = [
  { path: PATHS.users, label: 'Users', icon: <UserOutlined />, route: 'users' },
  { path: PATHS.support, label: 'Support chat', icon: <MessageOutlined />, route: 'supportInbox' },
  { path: PATHS.news, label: 'News', icon: <ReadOutlined />, route: 'newsArticles' },
  { path: PATHS.complaints, label: 'Complaints', icon: <MailOutlined />, route: 'complaints' },
  {
    path: PATHS.copyTrading,
    label: 'Copy trading',
    icon: <CopyOutlined />,
    route: 'copyLeaders',
  },
  { path: PATHS.companies, label: 'Companies', icon: <ShopOutlined />, route: 'companies' },
  {
    path: PATHS.identities,
    label: 'Identity reviews',
    icon: <IdcardOutlined />,
    route: 'identities',
  },
  { path: PATHS.deposits, label: 'Deposits', icon: <DownloadOutlined />, route: 'deposits' },
  { path: PATHS.withdrawals, label: 'Withdrawals', icon: <UploadOutlined />, route: 'withdrawals' },
  {
    path: PATHS.fundingConfig,
    label: 'Funding configuration',
    icon: <BankOutlined />,
    route: 'fundingConfig',
  },
  { path: PATHS.settings, label: 'Settings', icon: <SettingOutlined />, route: 'settings' },
  { path: PATHS.operators, label: 'Operators', icon: <TeamOutlined />, route: 'operators' },
  { path: PATHS.audit, label: 'Audit log', icon: <AuditOutlined />, route: 'audit' },
  { path: PATHS.twoFactor, label: 'Two-factor', icon: <SafetyOutlined />, route: 'otpSetup' },
];

/**
 * The pages this operator sees: those of their role; Two-factor while it is not enrolled; and
 * only Two-factor while enrolment is mandatory (the server refuses everything else, 4009).
 */
export function visibleNav(me: AdminMe): NavEntry[] {
  // The generated first password opens nothing until it is replaced.
  if (me.password_change_required) return [];
  if (me.otp_setup_required) return NAV.filter((entry) => entry.path === PATHS.twoFactor);
  return NAV.filter((entry) =>
    entry.path === PATHS.twoFactor
      ? !me.otp_enabled
      : roleMay(me.role, ADMIN_ROUTES[entry.route].access),
  );
}
