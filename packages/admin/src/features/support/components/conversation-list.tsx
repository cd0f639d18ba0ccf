import type { SupportConversation } from '@tradedesk/contract/admin';
import { Badge, List, Pagination, Tag, Typography } from 'antd';
import { formatTime } from '../../../lib/format.ts';
import { previewOf } from '../lib/thread.ts';

/** The inbox: conversations by last activity, unread trader messages as a badge. */
export function ConversationList({
  rows,
  total,
  page,
  selectedId,
  loading,
  onSelect,
  onPage,
}: {
  rows: readonly SupportConversation[];
  total: number;
  page: number;
  selectedId: number | undefined;
  loading: boolean;
  onSelect: (userId: number) => void;
  onPage: (page: number) => void;
}) {
  return (
    <div className="support-inbox">
      <List
        loading={loading && rows.length === 0}
        dataSource={rows as SupportConversation[]}
        locale={{ emptyText: 'No conversations yet' }}
        renderItem={(row) => (
          <List.Item
            className={`support-conversation${row.user_id === selectedId ? ' is-selected' : ''}`}
            onClick={() => onSelect(row.user_id)}
            data-testid={`conversation-${row.user_id}`}
          >
            <div className="support-conversation-body">
              <div className="support-conversation-head">
                <Typography.Text strong ellipsis>
                  {row.account}
                </Typography.Text>
                {row.is_demo ? <Tag>demo</Tag> : null}
                <Typography.Text type="secondary" className="support-uid">
                  UID {row.uid}
                </Typography.Text>
                <Badge count={row.unread} className="support-unread" />
              </div>
              <Typography.Text type="secondary" ellipsis>
                {row.last_message.sender === 'operator' ? 'Support: ' : ''}
                {previewOf(row.last_message.content)}
              </Typography.Text>
              <Typography.Text type="secondary" className="support-when">
                {formatTime(row.last_message.created_at)} UTC
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
      {total > 20 ? (
        <Pagination
          size="small"
          current={page}
          total={total}
          pageSize={20}
          showSizeChanger={false}
          onChange={onPage}
        />
      ) : null}
    </div>
  );
}
