import 'virtual:antd.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';

// A stale chunk after a deploy: reload once to fetch the new build instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('tradedesk.admin.reloaded') === null) {
    sessionStorage.setItem('tradedesk.admin.reloaded', '1');
    event.preventDefault();
    window.location.reload();
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
