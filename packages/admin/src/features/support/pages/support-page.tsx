import { Empty, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useSupportInbox } from '../api/use-support.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationView } from '../components/conversation-view.tsx';
import { useDeskLive } from '../hooks/use-desk-live.ts';
import '../support.css';

/** A positive integer from the address, or undefined. */
function readId(text: string | null): number | undefined {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * The support desk's inbox of the built-in chat: conversations by last activity on the
 * start side, the chosen one (?user=) with the reply box beside it. Both reload as soon as
 * the desk socket announces a new message.
 */
export function SupportPage() {
  const [search, setSearch] = useSearchParams();
  const page = readId(search.get('page')) ?? 1;
  const selectedId = readId(search.get('user'));
  const { data, isFetching } = useSupportInbox(page);
  useDeskLive();

  const update = (next: Record<string, string | undefined>) =>
    setSearch((previous) => {
      const params = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(next))
        if (value) params.set(name, value);
        else params.delete(name);
      return params;
    });

  return (
    <section className="support-page">
      <div className="page-title">
        <Typography.Title level={2}>Support chat</Typography.Title>
        <Typography.Text type="secondary">{data ? `${data.unread} unread` : ''}</Typography.Text>
      </div>
      <div className="support-panes">
        <ConversationList
          rows={data?.data ?? []}
          total={data?.total ?? 0}
          page={page}
          selectedId={selectedId}
          loading={isFetching}
          onSelect={(userId) => update({ user: String(userId) })}
          onPage={(next) => update({ page: next > 1 ? String(next) : undefined })}
        />
        {selectedId ? (
          <ConversationView key={selectedId} userId={selectedId} />
        ) : (
          <Empty className="support-none" description="Choose a conversation" />
        )}
      </div>
    </section>
  );
}
