import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaint } from './build-plugins/first-paint.ts';
import { ANTD_LOCALE_FILES } from './src/i18n/antd-locale-files.ts';
import { PWA_OPTIONS } from './src/pwa-options.ts';

const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    VitePWA(PWA_OPTIONS),
    // Each language's texts, the app's and antd-mobile's (i18n/antd-locale.ts), preloaded for
    // its readers only: i18n/preload-language.ts picks them before the app runs.
    firstPaint({
      picker: 'src/i18n/preload-language.ts',
      // Every language: ANTD_LOCALE_FILES names one for each (the config cannot load the
      // contract's TypeScript at run time).
      localeModules: Object.fromEntries(
        Object.entries(ANTD_LOCALE_FILES).map(([language, antd]) => [
          language,
          [`src/i18n/locales/${language}.json`, `antd-mobile/es/locales/${antd}.js`],
        ]),
      ),
    }),
  ],
  // No source maps in the build: they would publish the whole client source. The static
  // server refuses `.map` files anyway, in case an older build left some behind.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // scripts/bundle-budget.mjs reads from it what home and trade load before they paint.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every screen runs on, in one file: left to themselves they split into
          // a dozen small files (what each lazy page shares with the first screen), a round
          // trip each on a phone's network. None of them imports the app, so the group never
          // makes a cycle between chunks.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
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
