import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server's build of the first screen (src/first-screen/render-first-screen.tsx): one ES
// module in dist-ssr/ that the server imports. Everything is bundled into it — antd-mobile's
// modules import their stylesheets, which Node cannot load — and no stylesheet is written:
// the page links the app's own.
export default defineConfig({
  plugins: [react()],
  // public/ is the app's, copied into dist/ by its own build.
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    ssr: 'src/first-screen/render-first-screen.tsx',
    outDir: 'dist-ssr',
    target: 'node20',
    sourcemap: false,
    emptyOutDir: true,
    rolldownOptions: {
      // The locales the app loads one at a time are all bundled here (the server renders in
      // any language): that their dynamic imports then split nothing is intended.
      checks: { ineffectiveDynamicImport: false },
    },
  },
});
