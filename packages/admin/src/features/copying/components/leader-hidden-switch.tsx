import type { AdminCopyLeader } from '@tradedesk/contract/admin';
import { Popconfirm, Space, Switch } from 'antd';
import { notify } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/operator.ts';
import { useSetLeaderHidden } from '../api/use-copy-leaders.ts';
import { hideConfirmation } from '../lib/copy-labels.ts';

/**
 * Whether a leader is hidden from the ranking (and from new copies), switched after a
 * confirmation; read-only for roles that may not change it.
 */
export function LeaderHiddenSwitch({ leader }: { leader: AdminCopyLeader }) {
  const mayChange = useCan('hideLeader');
  const setHidden = useSetLeaderHidden();
  const confirmation = hideConfirmation(leader);
  const toggle = (
    <Switch
      size="small"
      checked={leader.hidden}
      disabled={!mayChange}
      loading={setHidden.isPending}
      aria-label={`Hidden from the ranking: UID ${leader.uid}`}
    />
  );
  // The state in words beside the switch: antd's text inside a small switch is white on grey.
  const state = <span aria-hidden="true">{leader.hidden ? 'Hidden' : 'Shown'}</span>;
  if (!mayChange)
    return (
      <Space size={8}>
        {state}
        {toggle}
      </Space>
    );
  return (
    // The row opens the leader's copies; the switch is not a click on the row.
    <Space size={8} onClick={(event) => event.stopPropagation()}>
      {state}
      <Popconfirm
        title={confirmation.title}
        description={confirmation.description}
        okText={confirmation.okText}
        onConfirm={() =>
          setHidden.mutateAsync({ id: leader.id, hidden: !leader.hidden }).then(
            (changed) =>
              notify.success(
                changed.hidden
                  ? `UID ${changed.uid} is hidden from the ranking`
                  : `UID ${changed.uid} is shown in the ranking`,
              ),
            // A refusal was shown by the API client already.
            () => undefined,
          )
        }
      >
        {toggle}
      </Popconfirm>
    </Space>
  );
}
