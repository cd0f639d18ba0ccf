import { DRAW_TYPES, type DrawType } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { useDrawMethods } from '../api/methods-api.ts';
import { BoundMethodCard } from '../components/bound-method-card.tsx';
import { CoolingNote } from '../components/cooling-note.tsx';
import { QueryState } from '../components/query-state.tsx';
import '../funding.css';

/** The bound methods of one type, with delete and "add" (SPEC.md §2). */
function MethodListPage({ type }: { type: DrawType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: methods, isError, refetch } = useDrawMethods(type);
  const isCoin = type === DRAW_TYPES.coin;
  return (
    <div className="page funding-page">
      <PageHeader
        title={isCoin ? t('wallet.coin_addresses') : t('wallet.bank_cards')}
        fallback={PATHS.wallet}
      />
      <section className="record-list" data-testid="method-list">
        {methods ? (
          methods.map((method) => <BoundMethodCard key={method.id} method={method} />)
        ) : (
          <QueryState isError={isError} retry={() => void refetch()} />
        )}
        {methods?.length === 0 ? (
          <p className="empty-note">{isCoin ? t('wallet.no_addresses') : t('wallet.no_cards')}</p>
        ) : null}
      </section>
      <CoolingNote type={type} className="method-list-note" />
      <div className="funding-actions">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate(`${PATHS.withdrawWay}?type=${type}`)}
          data-testid="method-add"
        >
          <span className="button-with-icon">
            <AddOutline /> {isCoin ? t('wallet.add_address') : t('wallet.add_card')}
          </span>
        </Button>
      </div>
    </div>
  );
}

/** /mine/coin-address-list. */
export function CoinAddressListPage() {
  return <MethodListPage type={DRAW_TYPES.coin} />;
}

/** /mine/bank-card-list. */
export function BankCardListPage() {
  return <MethodListPage type={DRAW_TYPES.bank} />;
}
