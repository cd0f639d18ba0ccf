import { DEPOSIT_STATUSES } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import { Alert } from 'antd';
import { duplicatesLabel } from '../lib/funding-format.ts';

/** Above a deposit's facts: a credit that needs two operators, a proof sent before. */
export function DepositAlerts({ deposit }: { deposit: AdminDeposit }) {
  return (
    <>
      {deposit.needs_second && deposit.status === DEPOSIT_STATUSES.unchecked && (
        <Alert
          type="info"
          showIcon
          data-testid="deposit-four-eyes"
          title="Four eyes: two different operators must approve this credit."
        />
      )}
      {deposit.duplicates.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="deposit-duplicates-alert"
          title={`This proof is the ${duplicatesLabel(deposit.duplicates)}`}
          description="The same image bytes were sent with other deposits: check it is not one payment claimed twice."
        />
      )}
    </>
  );
}
