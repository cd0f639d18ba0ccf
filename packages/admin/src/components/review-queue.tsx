import { Drawer, Radio, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { PAGE_SIZE, useListParams } from '../lib/list-params.ts';

const FILTERS = ['status'] as const;

/** A queue's status and page, kept in the address (?status=1&page=2). */
export function useReviewQueueParams<Status extends number>(readStatus: (text: string) => Status) {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  return {
    status: readStatus(filters.status),
    page,
    setPage,
    setStatus: (value: string) => setFilters({ status: value }),
  };
}

interface ReviewQueueProps<Row extends object> {
  title: string;
  /** Prefixes the test ids: `deposit-row`, `deposit-status-filter`. */
  kind: string;
  params: ReturnType<typeof useReviewQueueParams>;
  /** The status filter's accessible name ("Deposit status") and choices. */
  statusLabel: string;
  statusOptions: readonly { value: string; label: string }[];
  /** The query of the list's page, as the server answered it (no data yet while loading). */
  list: { data: { data: Row[]; total: number } | undefined; isFetching: boolean };
  rowId(row: Row): number;
  /** The table's columns; `open` opens a row in the drawer. */
  columns(open: (id: number) => void): TableColumnsType<Row>;
  /** The total under the table: "12 deposits". */
  countText(total: number): string;
  table?: Pick<TableProps<Row>, 'size' | 'className'>;
  drawer: { size: number; title(row: Row | undefined): string };
  /** The open row's review; `onDecided` opens the next row of the page. */
  review(row: Row, onDecided: () => void): ReactNode;
}

/**
 * A review queue — deposits, withdrawals, identities: the records of one status, oldest first,
 * filtered by status. A row opens its review in a drawer beside the list; after a decision the
 * next row of the page opens. Changing the status or the page closes the drawer.
 */
export function ReviewQueue<Row extends object>(props: ReviewQueueProps<Row>) {
  const { kind, params, list, rowId } = props;
  const [selectedId, setSelectedId] = useState<number>();
  const rows = list.data?.data ?? [];
  const selected = rows.find((row) => rowId(row) === selectedId);
  const close = () => setSelectedId(undefined);

  const openNext = () => {
    const index = rows.findIndex((row) => rowId(row) === selectedId);
    const next = rows[index + 1];
    setSelectedId(next === undefined ? undefined : rowId(next));
  };

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>{props.title}</Typography.Title>
      </div>
      <div className="filters">
        <Radio.Group
          optionType="button"
          options={[...props.statusOptions]}
          value={String(params.status)}
          onChange={(event) => {
            close();
            params.setStatus(event.target.value as string);
          }}
          aria-label={props.statusLabel}
          data-testid={`${kind}-status-filter`}
        />
      </div>
      <Table<Row>
        {...props.table}
        rowKey={rowId}
        columns={props.columns(setSelectedId)}
        dataSource={rows}
        loading={list.isFetching}
        rowClassName="clickable-row"
        onRow={(row) => ({
          onClick: () => setSelectedId(rowId(row)),
          'data-testid': `${kind}-row`,
        })}
        pagination={{
          current: params.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: props.countText,
          onChange: (next) => {
            close();
            params.setPage(next);
          },
        }}
      />
      <Drawer
        open={selected !== undefined}
        onClose={close}
        title={props.drawer.title(selected)}
        size={props.drawer.size}
        destroyOnHidden
      >
        {selected && props.review(selected, openNext)}
      </Drawer>
    </section>
  );
}
