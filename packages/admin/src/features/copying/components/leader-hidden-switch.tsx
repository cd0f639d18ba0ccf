import type { AdminCopyLeader } from '@tradedesk/contract/admin';
import { Popconfirm, Switch } from 'antd';
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
      checkedChildren="Hidden"
      unCheckedChildren="Shown"
      disabled={!mayChange}
      loading={setHidden.isPending}
      aria-label={`Hidden from the ranking: UID ${leader.uid}`}
    />
  );
  if (!mayChange) return toggle;
  return (
    // The row opens the leader's copies; the switch is not a click on the row.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the row
    // biome-ignore lint/a11y/useKeyWithClickEvents: the switch inside answers the keyboard
    <span onClick={(event) => event.stopPropagation()}>
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
    </span>
  );
}
