import { DRAW_TYPES, type DrawType } from '@tradedesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useGoBack } from '../../../components/ui/use-go-back.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useDrawSymbols } from '../api/withdrawals-api.ts';
import { BindMethodForm } from '../components/bind-method-form.tsx';
import { QueryState } from '../components/query-state.tsx';
import '../funding.css';

/** /mine/withdraw-way?type=1|2[&draw_id=]: bind a crypto address or a bank account. */
export function WithdrawWayPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const type: DrawType = search.get('type') === '2' ? DRAW_TYPES.bank : DRAW_TYPES.coin;
  const drawId = Number(search.get('draw_id')) || null;
  const list = type === DRAW_TYPES.coin ? PATHS.coinAddressList : PATHS.bankCardList;
  // Back where the trader came from (the withdrawal form, a list), which now shows the method.
  const back = useGoBack(list);
  const { data: currencies, isError, refetch } = useDrawSymbols(type);

  let body: ReactNode;
  if (!currencies) body = <QueryState isError={isError} retry={() => void refetch()} />;
  else if (currencies.length === 0) {
    body = (
      <p className="empty-note" data-testid="bind-no-channel">
        {t('funding.no_channel')}
      </p>
    );
  } else {
    body = (
      <BindMethodForm
        key={type}
        type={type}
        currencies={currencies}
        initialCurrencyId={drawId}
        onBound={back}
      />
    );
  }

  return (
    <div className="page funding-page">
      <PageHeader
        title={type === DRAW_TYPES.coin ? t('wallet.bind_coin') : t('wallet.bind_bank')}
        fallback={list}
      />
      {body}
    </div>
  );
}
