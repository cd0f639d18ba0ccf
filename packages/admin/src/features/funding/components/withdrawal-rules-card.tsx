import type { FundingConfig } from '@tradedesk/contract/admin';
import { Alert, Card, Descriptions } from 'antd';

/** The withdrawal rules: read here, set in the server's configuration. */
export function WithdrawalRulesCard({ rules }: { rules: FundingConfig['rules'] }) {
  return (
    <Card title="Withdrawal rules" data-testid="funding-rules">
      <Descriptions
        column={3}
        size="small"
        bordered
        items={[
          {
            key: 'cooling',
            label: 'Cooling-off after binding a method',
            children: `${rules.cooling_hours} hours`,
          },
          {
            key: 'four-eyes',
            label: 'Second approval from',
            children: <span className="amount">{rules.four_eyes_usd} USD</span>,
          },
          {
            key: 'daily',
            label: 'Daily limit per account',
            children: <span className="amount">{rules.daily_limit_usd} USD</span>,
          },
        ]}
      />
      <Alert
        className="config-note"
        type="info"
        showIcon
        title="Set by the server’s configuration, not here"
        description="WITHDRAW_COOLING_HOURS, WITHDRAW_FOUR_EYES_USD and WITHDRAW_DAILY_LIMIT_USD in the environment; a change takes effect when the server restarts."
      />
    </Card>
  );
}
