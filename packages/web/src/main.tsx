// First, so that the reader's locale downloads while the rest of the app evaluates.
import './i18n/locale-bundles.ts';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/antd-react19.ts';
import { App } from './app/app.tsx';
import { loadFirstScreenData } from './app/first-screen-data.ts';
import { queryClient } from './app/query-client.ts';
import { registerServiceWorker } from './app/register-service-worker.ts';
import { runStartupCheck } from './app/startup-check.ts';
import { loadAntdLocale } from './i18n/antd-locale.ts';
import { currentLanguage, initI18n } from './i18n/i18n.ts';
import { installBackClosesOverlays } from './lib/back-closes-overlay.ts';
import { prefetchToastWhenIdle } from './lib/toast.ts';
import './styles.css';
// The market-status tag of trade's header, which the server renders into the first screen
// (first-screen/): its style must be in the stylesheet the page links, not in the trade
// page's own, which arrives with its code.
import 'antd-mobile/es/components/tag/tag.css';
import { parseWithoutEval } from '@tradedesk/contract/parse-without-eval';

// Before anything parses: the policy allows no eval, which Zod would otherwise probe for.
parseWithoutEval();

// A stale chunk after a deploy: reload once to fetch the new build instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('tradedesk.reloaded') === null) {
    sessionStorage.setItem('tradedesk.reloaded', '1');
    event.preventDefault();
    window.location.reload();
  }
});

// Before the router listens: Back closes an open sheet or dialog before it leaves a page.
installBackClosesOverlays();

// The start-up check (SPEC.md §2) runs beside i18n and the first render, never blocking them.
void runStartupCheck();
registerServiceWorker();
prefetchToastWhenIdle();
// A promise, not a top-level await: with TLA anywhere in the graph the bundler turns off its
// chunk merging, and the first load fell apart into ~40 small files (a round trip each).
// antd-mobile's texts for the reader: a late arrival would re-render the whole app.
const antdTexts = loadAntdLocale(currentLanguage()).catch(() => undefined);
void initI18n().then(async () => {
  await Promise.all([loadFirstScreenData(queryClient, currentLanguage()), antdTexts]);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // As a transition, React renders the first screen in slices and lets the browser in
  // between them, instead of one long task that holds up taps and paints.
  startTransition(() => createRoot(root).render(<App />));
});
