// First, so that the reader's locale downloads while the rest of the app evaluates.
import './i18n/locale-bundles.ts';
import { createRoot } from 'react-dom/client';
import './lib/antd-react19.ts';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './app/register-service-worker.ts';
import { runStartupCheck } from './app/startup-check.ts';
import { initI18n } from './i18n/i18n.ts';
import './styles.css';

// A stale chunk after a deploy: reload once to fetch the new build instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('tradedesk.reloaded') === null) {
    sessionStorage.setItem('tradedesk.reloaded', '1');
    event.preventDefault();
    window.location.reload();
  }
});

// The start-up check (SPEC.md §2) runs beside i18n and the first render, never blocking them.
void runStartupCheck();
registerServiceWorker();
// A promise, not a top-level await: with TLA anywhere in the graph the bundler turns off its
// chunk merging, and the first load fell apart into ~40 small files (a round trip each).
void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(<App />);
});
