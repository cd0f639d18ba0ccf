import type { LeaderProfile } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { SampleTraderTag } from '../../../components/ui/trader-badges.tsx';
import { trendOf } from '../../../lib/format.ts';
import { formatReturn } from '../lib/copy-figures.ts';
import { CopyButton } from './copy-button.tsx';

/** Who the leader is (masked), their return in large, and the Copy button. */
export function LeaderHeader({ profile }: { profile: LeaderProfile }) {
  const { t } = useTranslation();
  return (
    <header className="leader-header" data-testid="leader-header">
      <div className="leader-identity">
        <bdi className="leader-name" data-testid="leader-name">
          {profile.user}
        </bdi>
        {profile.sample ? <SampleTraderTag /> : null}
      </div>
      <div className="leader-headline">
        <div>
          <bdi className={`leader-return ${trendOf(profile.return_rate)}`}>
            {formatReturn(profile.return_rate)}
          </bdi>
          <span className="leader-return-label">{t('copy.return')}</span>
        </div>
        <CopyButton profile={profile} />
      </div>
    </header>
  );
}
