import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';

interface ConfigCardProps {
  title: string;
  /** What the rows are for, in a line. */
  hint: string;
  addLabel: string;
  addTestId: string;
  canEdit: boolean;
  onAdd(): void;
  children: ReactNode;
}

/** One configuration table with its add button. */
export function ConfigCard({
  title,
  hint,
  addLabel,
  addTestId,
  canEdit,
  onAdd,
  children,
}: ConfigCardProps) {
  return (
    <Card
      title={title}
      extra={
        canEdit && (
          <Button icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
            {addLabel}
          </Button>
        )
      }
    >
      <p className="config-hint">{hint}</p>
      {children}
    </Card>
  );
}

/** The edit button of a row. */
export function EditButton({ testId, onClick }: { testId: string; onClick(): void }) {
  return (
    <Button size="small" data-testid={testId} onClick={onClick}>
      Edit
    </Button>
  );
}

/** Marks a table's rows for the browser tests (antd's onRow takes only known attributes). */
export function rowTestId(testId: string): () => HTMLAttributes<HTMLElement> {
  const attributes = { 'data-testid': testId } as HTMLAttributes<HTMLElement>;
  return () => attributes;
}
