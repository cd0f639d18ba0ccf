import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStyles } from './build/antd-styles.ts';
import { cspSafeScrollbar } from './build/csp-safe-scrollbar.ts';
import { cspSafeTextarea } from './build/csp-safe-textarea.ts';
import { forbidModules } from './build/forbid-modules.ts';

const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The server serves dist/ at /admin/ and answers index.html for unknown paths under it.
  base: '/admin/',
  plugins: [
    react(),
    antdStyles(),
    cspSafeScrollbar(),
    cspSafeTextarea(),
    forbidModules(['zod', 'libphonenumber-js']),
  ],
  // No source maps in the build: they would publish the whole client source.
  build: { outDir: 'dist', target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    host: '127.0.0.1',
    port: 5174,
    strictPort: true,
    proxy: {
      '/admin/api': api,
      '/api': api,
    },
  },
});
