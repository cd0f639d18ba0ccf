import { Typography } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../../lib/operator.ts';
import { traderContact } from '../lib/funding-format.ts';

interface Trader {
  user_id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
}

/** The trader's uid (a link to their page where the role may open it) above their contact. */
export function TraderCell({ trader }: { trader: Trader }) {
  const canOpen = useCan('user');
  return (
    <div className="trader-cell">
      {canOpen ? (
        // Inside a clickable row: following the link must not also open the review.
        <Link to={`/users/${trader.user_id}`} onClick={(event) => event.stopPropagation()}>
          {trader.uid}
        </Link>
      ) : (
        <Typography.Text>{trader.uid}</Typography.Text>
      )}
      <Typography.Text type="secondary">{traderContact(trader)}</Typography.Text>
    </div>
  );
}
