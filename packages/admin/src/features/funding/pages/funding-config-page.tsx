import { Button, Result, Skeleton, Typography } from 'antd';
import { useFundingConfig } from '../api/use-funding-config.ts';
import { DrawCurrenciesCard } from '../components/draw-currencies-card.tsx';
import { NetworksCard } from '../components/networks-card.tsx';
import { WiresCard } from '../components/wires-card.tsx';
import { WithdrawalRulesCard } from '../components/withdrawal-rules-card.tsx';

/** How money comes in and goes out: deposit networks, wire accounts, withdrawal currencies. */
export function FundingConfigPage() {
  const { data, isPending, isError, refetch } = useFundingConfig();
  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Funding configuration</Typography.Title>
      </div>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : isError ? (
        <Result
          status="warning"
          title="The funding configuration could not be loaded"
          extra={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : (
        <div className="stack">
          <NetworksCard networks={data.networks} />
          <WiresCard wires={data.wires} />
          <DrawCurrenciesCard currencies={data.draw_currencies} />
          <WithdrawalRulesCard rules={data.rules} />
        </div>
      )}
    </section>
  );
}
