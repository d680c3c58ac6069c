import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import pagePreloads from './src/app/page-preloads';
import signedInApart from './src/app/signed-in-apart';
import stableMantineIds from './src/app/stable-mantine-ids';
import precompileMessages from './src/i18n/precompile-messages';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [
    signedInApart(),
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react({
      babel: {
        // Messages keep their English text, compiled: English runs without a catalog and
        // without Lingui's message compiler (src/i18n/i18n.ts).
        plugins: [
          ['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }],
          precompileMessages,
        ],
      },
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // .mjs: pdf.js's worker, which reads the QR code of a receipt PDF offline too.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}'],
        // The pages' copies of index.html are for first visits; the worker answers with its own.
        globIgnores: ['pages/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Risiti',
        short_name: 'Risiti',
        description: 'Fiscal invoices and receipts for TRA, online or offline',
        lang: 'en',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b7a53',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    pagePreloads(),
    stableMantineIds(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Maps are kept for debugging, unreferenced: scripts/precompress.mjs moves them out of the
    // served folder to dist/sourcemaps.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    // Terser, two passes, rather than esbuild's minifier: 4 KiB less of the shell (Brotli,
    // 141.6 → 137.8 KiB) and of /login (165.9 → 161.5), 20 KiB less in the precache, for the
    // same build time. Its unsafe options and a third pass saved under 0.1 KiB more.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // A lazy page's chunk is imported without a <link rel="modulepreload"> for each chunk it
    // imports: inserting some 70 links (the invoice list's) took one task of 20–30 ms on the
    // main thread before the page could render, and the service worker answers the imports the
    // browser then finds in a millisecond or two. Their CSS still comes ahead of the chunk. The
    // HTML's own preloads (the shell's, and each prerendered page's, src/app/page-preloads.ts)
    // are unchanged. Signed-in /dashboard in Lighthouse's estimate: TBT 240 → 122 ms.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rollupOptions: {
      output: {
        // Merge chunks of a few KiB (one Mantine component, one hook) into the chunks loaded
        // with them: /login went from 89 requests to 24, each a round trip on a phone's link.
        // 500 kB rather than 40 kB folds more of /login's (19 files to 12) and also joins the
        // entry with the chunk of React and Mantine that every page loads with it: Brotli packs
        // one file better than two, and /login's first visit went from 161.7 to 156.3 and then
        // 152.8 KiB (160 kB and 250 kB stop at 156.3); above 500 kB nothing changes.
        experimentalMinChunkSize: 500_000,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/v1': apiTarget,
    },
  },
});
