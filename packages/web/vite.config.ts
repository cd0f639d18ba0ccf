import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PWA_OPTIONS } from './src/pwa-options.ts';

const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), VitePWA(PWA_OPTIONS)],
  // No source maps in the build: they would publish the whole client source. The static
  // server refuses `.map` files anyway, in case an older build left some behind.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // scripts/bundle-budget.mjs reads from it what home and trade load before they paint.
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': api,
      '/v1': { target: api, ws: true },
      '/docs': api,
      '/health': api,
    },
  },
});
