import { Button, Space } from 'antd';

/** How a decision's button looks: its words, and whether it leads (primary) or refuses (red). */
export interface DecisionLook {
  text: string;
  primary?: boolean;
  danger?: boolean;
}

interface DecisionButtonsProps<Action extends string> {
  /** Prefixes the test ids: `deposit-approve`, `withdrawal-paid`. */
  kind: 'deposit' | 'withdrawal';
  /** The decisions the record's status allows, in the order they are offered. */
  actions: readonly Action[];
  looks: Record<Action, DecisionLook>;
  pending: boolean;
  onChoose(action: Action): void;
}

/** The buttons of a review's decisions; each opens its dialog. */
export function DecisionButtons<Action extends string>({
  kind,
  actions,
  looks,
  pending,
  onChoose,
}: DecisionButtonsProps<Action>) {
  if (actions.length === 0) return null;
  return (
    <Space wrap>
      {actions.map((action) => (
        <Button
          key={action}
          type={looks[action].primary ? 'primary' : undefined}
          danger={looks[action].danger}
          data-testid={`${kind}-${action}`}
          disabled={pending}
          onClick={() => onChoose(action)}
        >
          {looks[action].text}
        </Button>
      ))}
    </Space>
  );
}
