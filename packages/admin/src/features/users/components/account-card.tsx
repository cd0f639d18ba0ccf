import type { AdminUser } from '@tradedesk/contract/admin';
import { App, Button, Card, Descriptions, Tag } from 'antd';
import { formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/operator.ts';
import { useSetUserDisabled } from '../api/use-user-actions.ts';

/** Balance and the account's state, with Disable / Enable behind a confirmation. */
export function AccountCard({ user }: { user: AdminUser }) {
  const { modal } = App.useApp();
  const setDisabled = useSetUserDisabled();
  const canDisable = useCan(user.disabled ? 'enableUser' : 'disableUser');

  const confirm = () => {
    const disabling = !user.disabled;
    modal.confirm({
      title: disabling ? `Disable ${user.uid}?` : `Enable ${user.uid}?`,
      content: disabling
        ? 'Every session of this trader ends at once and their logins are refused until enabled.'
        : 'The trader can log in again.',
      okText: disabling ? 'Disable' : 'Enable',
      okButtonProps: { danger: disabling },
      autoFocusButton: 'cancel',
      onOk: () =>
        setDisabled
          .mutateAsync({ id: user.id, disabled: disabling })
          .then(() => notify.success(disabling ? 'Trader disabled' : 'Trader enabled'))
          // The refusal is already shown; the dialog closes either way.
          .catch(() => undefined),
    });
  };

  return (
    <Card
      title="Account"
      extra={
        canDisable && (
          <Button danger={!user.disabled} onClick={confirm} loading={setDisabled.isPending}>
            {user.disabled ? 'Enable' : 'Disable'}
          </Button>
        )
      }
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'status',
            label: 'Status',
            children: user.disabled ? (
              <Tag color="red">Disabled</Tag>
            ) : (
              <Tag color="green">Active</Tag>
            ),
          },
          {
            key: 'balance',
            // A demo account's money is play money: said where it is shown (issue 37).
            label: user.is_demo ? 'Demo balance (virtual USD)' : 'Balance (USD)',
            children: <span className="amount">{formatMoney(user.balance)}</span>,
          },
          {
            key: 'lock',
            label: user.is_demo ? 'Demo locked (virtual USD)' : 'Locked (USD)',
            children: <span className="amount">{formatMoney(user.lock_balance)}</span>,
          },
        ]}
      />
    </Card>
  );
}
