import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { EnabledTag } from './enabled-tag.tsx';

interface ConfigCardProps<Row extends { id: number; enabled: boolean }> {
  title: string;
  /** What the rows are for, in a line. */
  hint: string;
  addLabel: string;
  /** Prefixes the test ids: `wire-add`, `wire-row`, `wire-edit`. */
  name: string;
  rows: readonly Row[];
  /** The row's own columns; whether it is offered and its edit button follow. */
  columns: TableColumnsType<Row>;
  canEdit: boolean;
  onAdd(): void;
  onEdit(row: Row): void;
  /** The add and edit form. */
  children: ReactNode;
}

/** The edit button of a row. */
function EditButton({ testId, onClick }: { testId: string; onClick(): void }) {
  return (
    <Button size="small" data-testid={testId} onClick={onClick}>
      Edit
    </Button>
  );
}

/** Marks a table's rows for the browser tests (antd's onRow takes only known attributes). */
function rowTestId(testId: string): () => HTMLAttributes<HTMLElement> {
  const attributes = { 'data-testid': testId } as HTMLAttributes<HTMLElement>;
  return () => attributes;
}

/** The columns every configuration table ends with: whether offered, and Edit. */
function closingColumns<Row extends { enabled: boolean }>(
  name: string,
  canEdit: boolean,
  onEdit: (row: Row) => void,
): TableColumnsType<Row> {
  return [
    { title: 'Status', dataIndex: 'enabled', render: (on: boolean) => <EnabledTag enabled={on} /> },
    ...(canEdit
      ? [
          {
            title: '',
            key: 'edit',
            align: 'right' as const,
            render: (_: unknown, row: Row) => (
              <EditButton testId={`${name}-edit`} onClick={() => onEdit(row)} />
            ),
          },
        ]
      : []),
  ];
}

/** One configuration table with its add button and its form. */
export function ConfigCard<Row extends { id: number; enabled: boolean }>({
  title,
  hint,
  addLabel,
  name,
  rows,
  columns,
  canEdit,
  onAdd,
  onEdit,
  children,
}: ConfigCardProps<Row>) {
  return (
    <Card
      title={title}
      extra={
        canEdit && (
          <Button icon={<PlusOutlined />} onClick={onAdd} data-testid={`${name}-add`}>
            {addLabel}
          </Button>
        )
      }
    >
      <p className="config-hint">{hint}</p>
      <Table<Row>
        rowKey="id"
        size="small"
        columns={[...columns, ...closingColumns(name, canEdit, onEdit)]}
        dataSource={[...rows]}
        pagination={false}
        onRow={rowTestId(`${name}-row`)}
      />
      {children}
    </Card>
  );
}
