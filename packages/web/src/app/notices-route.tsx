import { formatLocalTime } from '../features/funding/lib/utc-time.ts';
import { NoticesPage } from '../features/trade/pages/notices-page.tsx';

/** /mine/notices, its times in the phone's time zone as the app writes them everywhere. */
export function NoticesRoute() {
  return <NoticesPage formatTime={formatLocalTime} />;
}
