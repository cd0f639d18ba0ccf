import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { useLeaderProfile } from '../api/leader-profile-api.ts';
import { EquitySection } from '../components/equity-section.tsx';
import { InstrumentsTraded } from '../components/instruments-traded.tsx';
import { LeaderFigures } from '../components/leader-figures.tsx';
import { LeaderHeader } from '../components/leader-header.tsx';
import { LeaderPositions } from '../components/leader-positions.tsx';
import { MonthlyReturns } from '../components/monthly-returns.tsx';
import '../copying.css';

/** The id in /trader/:id, or null for anything that is no leader id. */
function leaderIdOf(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  return Number(param);
}

function LeaderProfileView({ leaderId }: { leaderId: number }) {
  const { t } = useTranslation();
  const { data: profile, isPending, isError } = useLeaderProfile(leaderId);
  if (isPending)
    return (
      <div className="copy-section" data-testid="leader-skeleton">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  // The client has toasted why (a leader not found or hidden, the network).
  if (isError)
    return (
      <ErrorBlock
        status="empty"
        title={t('copy.leader_unavailable')}
        description=""
        data-testid="leader-unavailable"
      />
    );
  return (
    <>
      <LeaderHeader profile={profile} />
      <LeaderFigures profile={profile} />
      <EquitySection leaderId={profile.id} />
      <MonthlyReturns monthly={profile.monthly} />
      <InstrumentsTraded instruments={profile.instruments} />
      <LeaderPositions positions={profile.positions} />
    </>
  );
}

/** /trader/:id: a leader's profile, open to visitors; copying asks for a login. */
export function LeaderPage() {
  const { t } = useTranslation();
  const leaderId = leaderIdOf(useParams().id);
  return (
    <div className="page leader-page" data-testid="leader-page">
      <PageHeader title={t('copy.profile_title')} fallback={PATHS.rank} />
      {leaderId === null ? (
        <ErrorBlock
          status="empty"
          title={t('copy.leader_unavailable')}
          description=""
          data-testid="leader-unavailable"
        />
      ) : (
        <LeaderProfileView leaderId={leaderId} />
      )}
    </div>
  );
}
