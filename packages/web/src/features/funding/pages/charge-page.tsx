import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { useDepositNetworks, useWireCurrencies } from '../api/deposits-api.ts';
import { CryptoDepositForm } from '../components/crypto-deposit-form.tsx';
import { DepositRecords } from '../components/deposit-records.tsx';
import { QueryState } from '../components/query-state.tsx';
import { WireDepositForm } from '../components/wire-deposit-form.tsx';
import '../funding.css';

type Tab = 'crypto' | 'wire';

function CryptoTab() {
  const { t } = useTranslation();
  const { data: networks, isError, refetch } = useDepositNetworks();
  if (!networks) return <QueryState isError={isError} retry={() => void refetch()} />;
  if (networks.length === 0) {
    return (
      <p className="empty-note" data-testid="charge-no-channel">
        {t('funding.no_channel')}
      </p>
    );
  }
  return <CryptoDepositForm networks={networks} />;
}

function WireTab() {
  const { t } = useTranslation();
  const { data: currencies, isError, refetch } = useWireCurrencies();
  if (!currencies) return <QueryState isError={isError} retry={() => void refetch()} />;
  if (currencies.length === 0) {
    return (
      <p className="empty-note" data-testid="wire-no-channel">
        {t('funding.no_channel')}
      </p>
    );
  }
  return <WireDepositForm currencies={currencies} />;
}

/** Deposit by crypto network or bank wire with a proof image, and my deposits (SPEC.md §2). */
export function ChargePage() {
  const { t } = useTranslation();
  // The tab lives in the address, so that a reload or a link (?tab=wire) opens it.
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'wire' ? 'wire' : 'crypto';
  const choose = (key: string) => setSearch(key === 'wire' ? { tab: key } : {}, { replace: true });
  return (
    <div className="page funding-page">
      <PageHeader title={t('charge.title')} fallback={PATHS.user} />
      <Tabs activeKey={tab} onChange={choose} className="funding-tabs">
        <Tabs.Tab
          key="crypto"
          title={<span data-testid="charge-tab-crypto">{t('charge.tab_crypto')}</span>}
        />
        <Tabs.Tab
          key="wire"
          title={<span data-testid="charge-tab-wire">{t('charge.tab_wire')}</span>}
        />
      </Tabs>
      {tab === 'crypto' ? <CryptoTab /> : <WireTab />}
      <h2 className="funding-section-title">{t('charge.records')}</h2>
      <DepositRecords />
    </div>
  );
}
