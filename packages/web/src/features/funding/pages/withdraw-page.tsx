import { useQuery } from '@tanstack/react-query';
import { DRAW_TYPES, type DrawType } from '@tradedesk/contract';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { balanceQuery } from '../../../lib/balance-query.ts';
import { formatMoney } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useDrawSymbols } from '../api/withdrawals-api.ts';
import { QueryState } from '../components/query-state.tsx';
import { WithdrawForm } from '../components/withdraw-form.tsx';
import { WithdrawRecords } from '../components/withdraw-records.tsx';
import '../funding.css';

/** The form of one type, once its currencies are known; a type with none has no channel. */
function WithdrawType({ type }: { type: DrawType }) {
  const { t } = useTranslation();
  const { data: currencies, isError, refetch } = useDrawSymbols(type);
  if (!currencies) return <QueryState isError={isError} retry={() => void refetch()} />;
  if (currencies.length === 0) {
    return (
      <p className="empty-note" data-testid="withdraw-no-channel">
        {t('funding.no_channel')}
      </p>
    );
  }
  return <WithdrawForm key={type} type={type} currencies={currencies} />;
}

/** Withdraw to a bound crypto address or bank account, and my withdrawals (SPEC.md §2). */
export function WithdrawPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const type: DrawType = search.get('type') === '2' ? DRAW_TYPES.bank : DRAW_TYPES.coin;
  // Fresh on every visit: the balance is what limits a withdrawal.
  const { data: balance } = useQuery({ ...balanceQuery, staleTime: 0 });
  return (
    <div className="page funding-page">
      <PageHeader title={t('withdraw.title')} fallback={PATHS.user} />
      <section className="funding-balance">
        <span>{t('withdraw.available')}</span>
        <strong dir="ltr">
          <span data-testid="withdraw-available">
            {balance ? formatMoney(balance.balance) : '—'}
          </span>{' '}
          USD
        </strong>
      </section>
      <Tabs
        activeKey={String(type)}
        onChange={(key) => setSearch({ type: key }, { replace: true })}
        className="funding-tabs"
      >
        <Tabs.Tab
          key={String(DRAW_TYPES.coin)}
          title={<span data-testid="withdraw-type-coin">{t('withdraw.tab_coin')}</span>}
        />
        <Tabs.Tab
          key={String(DRAW_TYPES.bank)}
          title={<span data-testid="withdraw-type-bank">{t('withdraw.tab_bank')}</span>}
        />
      </Tabs>
      <WithdrawType key={type} type={type} />
      <h2 className="funding-section-title">{t('withdraw.records')}</h2>
      <WithdrawRecords />
    </div>
  );
}
