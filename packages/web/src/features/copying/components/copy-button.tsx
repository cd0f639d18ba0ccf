import type { LeaderProfile } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFrom, PATHS } from '../../../lib/route-paths.ts';
import { useOpenUntilNavigation } from '../../../lib/use-open-until-navigation.ts';
import { selectIsLoggedIn, useSessionStore } from '../../../stores/session-store.ts';
import { CopySheet } from './copy-sheet.tsx';

/**
 * The profile's one action: Copy (a visitor logs in first and comes back here), or, for a
 * leader the trader already copies, the way to that copy. A leader who cannot be copied (the
 * trader themselves, or a leader not taking new copiers) shows why instead.
 */
export function CopyButton({ profile }: { profile: LeaderProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const userId = useSessionStore((s) => s.user?.id);
  // The sheet goes with the page on Back, as every overlay of the app does.
  const [sheetOpen, setSheetOpen] = useOpenUntilNavigation();

  if (loggedIn && profile.my_copy_id !== 0)
    return (
      <Button
        color="primary"
        fill="outline"
        onClick={() => navigate(PATHS.copies)}
        data-testid="copy-manage"
      >
        {t('copy.manage')}
      </Button>
    );
  // Not copyable: the trader is looking at their own profile, or the leader takes no new
  // copiers now (their copies already running go on), which a visitor is told before logging in.
  if (!profile.copyable)
    return (
      <p className="copy-unavailable" data-testid="copy-unavailable">
        {loggedIn && userId === profile.id ? t('copy.not_copyable') : t('copy.closed_to_new')}
      </p>
    );
  return (
    <>
      <Button
        color="primary"
        onClick={() => (loggedIn ? setSheetOpen(true) : navigate(loginPathFrom(pathname)))}
        data-testid="copy-open-sheet"
      >
        {t('copy.copy')}
      </Button>
      <CopySheet
        leader={{ id: profile.id, user: profile.user }}
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
      />
    </>
  );
}
