import { createRoot } from 'react-dom/client';
import './lib/antd-react19.ts';
import { App } from './app/app.tsx';
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

await initI18n();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(<App />);
