import type { AdminUser } from '@tradedesk/contract/admin';
import { Card, Descriptions, Tag } from 'antd';
import { formatTime, orDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/operator.ts';
import { CreditScoreForm } from './credit-score-form.tsx';

export function ProfileCard({ user }: { user: AdminUser }) {
  const canScore = useCan('creditScore');
  return (
    <Card title="Profile">
      <Descriptions
        column={1}
        size="small"
        items={[
          // One id: the UID the trader sees in the app and quotes to support (issue 37).
          { key: 'uid', label: 'UID', children: user.uid },
          { key: 'email', label: 'E-mail', children: orDash(user.email) },
          { key: 'mobile', label: 'Mobile', children: orDash(user.mobile) },
          { key: 'area', label: 'Area id', children: user.area_id ?? '—' },
          {
            key: 'account',
            label: 'Account',
            children: user.is_demo ? <Tag>Demo</Tag> : <Tag color="blue">Real</Tag>,
          },
          { key: 'invite', label: 'Invite code', children: user.invite_code },
          { key: 'created', label: 'Created (UTC)', children: formatTime(user.created_at) },
          {
            key: 'score',
            label: 'Credit score',
            children: canScore ? (
              <CreditScoreForm userId={user.id} score={user.credit_score} />
            ) : (
              user.credit_score
            ),
          },
        ]}
      />
    </Card>
  );
}
