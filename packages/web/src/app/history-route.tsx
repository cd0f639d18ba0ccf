import { useTranslation } from 'react-i18next';
import { DepositRecords } from '../features/funding/components/deposit-records.tsx';
import { WithdrawRecords } from '../features/funding/components/withdraw-records.tsx';
import { HistoryPage, type HistoryTab } from '../features/user/pages/history-page.tsx';
import { useSessionStore } from '../stores/session-store.ts';
import '../features/funding/funding.css';

const renderDeposits = () => <DepositRecords />;
const renderWithdrawals = () => <WithdrawRecords />;

/**
 * /mine/history: the user feature's ledger beside the funding feature's deposit and
 * withdrawal records. They meet here, in the app layer. A demo account has no funding
 * records (the server refuses it them), so it sees the ledger only.
 */
export function HistoryRoute() {
  const { t } = useTranslation();
  const isDemo = useSessionStore((s) => s.user?.is_demo === 1);
  const tabs: HistoryTab[] = isDemo
    ? []
    : [
        { key: 'deposits', title: t('history.deposits'), render: renderDeposits },
        { key: 'withdrawals', title: t('history.withdrawals'), render: renderWithdrawals },
      ];
  return <HistoryPage recordTabs={tabs} />;
}
