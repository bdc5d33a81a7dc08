import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { documentShell } from './src/web/build/document-shell.ts';
import { firstLoadChunks } from './src/web/build/first-load-chunks.ts';
import { landingPages } from './src/web/pages.ts';

// WEB_DIST_DIR lets several builds coexist (the server reads the same variable); the server
// renderer of the first views goes next to it, in `<web dir>-ssr`.
const webOutDir = process.env.WEB_DIST_DIR ?? '../../dist/web';

// React Router's package points every import at its development build, whose only difference is
// its warnings switched on (remix-run/react-router#14102): builds take the production one.
const routerProductionBuild = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  resolve: { alias: command === 'build' ? [routerProductionBuild] : [] },
  publicDir: 'public',
  // React's plugin: JSX, and in development fast refresh that keeps a component's state.
  plugins: [react(), tailwindcss(), documentShell()],
  build: isSsrBuild
    ? {
        outDir: `${webOutDir}-ssr`,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
      }
    : {
        outDir: webOutDir,
        emptyOutDir: true,
        sourcemap: false,
        // The server finds each page's chunk, stylesheet and imports here (src/server/web-manifest.ts).
        manifest: true,
        reportCompressedSize: true,
        rollupOptions: {
          output: {
            // React in a file of its own, and the rest of a landing page's first load in one more
            // (src/web/build/first-load-chunks.ts).
            manualChunks: firstLoadChunks(
              fileURLToPath(new URL('./src/web', import.meta.url)),
              'main.tsx',
              landingPages().map((page) => page.module),
            ),
          },
        },
      },
  // One self-contained file the server imports, wherever the build is placed, with the libraries'
  // production build whatever NODE_ENV the server runs with.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
}));
