import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { BankcardOutline, FileOutline, LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { balanceQuery } from '../../../lib/balance-query.ts';
import { formatMoney } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import '../funding.css';

/** /mine/wallet: the balance, deposit and withdraw, and the bound addresses and accounts. */
export function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: balance } = useQuery({ ...balanceQuery, staleTime: 0 });
  return (
    <div className="page funding-page">
      <PageHeader title={t('wallet.title')} fallback={PATHS.user} />
      <section className="wallet-card" data-testid="wallet-balance">
        <span className="wallet-label">{t('user.balance')} (USD)</span>
        <strong className="wallet-value" dir="ltr">
          {balance ? formatMoney(balance.balance) : '—'}
        </strong>
        {balance && balance.lock_balance > 0 ? (
          <span className="wallet-locked">
            {t('user.locked')}{' '}
            <span dir="ltr" data-testid="wallet-locked">
              {formatMoney(balance.lock_balance)}
            </span>
          </span>
        ) : null}
        <div className="wallet-actions">
          <Button
            color="primary"
            onClick={() => navigate(PATHS.charge)}
            data-testid="wallet-charge"
          >
            {t('user.charge')}
          </Button>
          <Button
            color="primary"
            fill="outline"
            onClick={() => navigate(PATHS.withdraw)}
            data-testid="wallet-withdraw"
          >
            {t('user.withdraw')}
          </Button>
        </div>
      </section>
      <List className="wallet-links">
        <List.Item
          prefix={<LinkOutline />}
          onClick={() => navigate(PATHS.coinAddressList)}
          data-testid="wallet-coin-addresses"
        >
          {t('wallet.coin_addresses')}
        </List.Item>
        <List.Item
          prefix={<BankcardOutline />}
          onClick={() => navigate(PATHS.bankCardList)}
          data-testid="wallet-bank-cards"
        >
          {t('wallet.bank_cards')}
        </List.Item>
        <List.Item
          prefix={<FileOutline />}
          onClick={() => navigate(`${PATHS.history}?tab=deposits`)}
          data-testid="wallet-records"
        >
          {t('wallet.records')}
        </List.Item>
      </List>
    </div>
  );
}
