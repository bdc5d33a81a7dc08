import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// WEB_DIST_DIR lets several builds coexist (the server reads the same variable); the server
// renderer of the first views goes next to it, in `<web dir>-ssr`.
const webOutDir = process.env.WEB_DIST_DIR ?? '../../dist/web';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
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
        reportCompressedSize: true,
        rollupOptions: {
          output: {
            // React DOM in a chunk of its own: start.js evaluates it in a task of its own, so no
            // single task of a phone's start is long enough to block input.
            manualChunks: (id) => (/node_modules\/(react-dom|scheduler)\//.test(id) ? 'react-dom' : undefined),
          },
        },
      },
  // One self-contained file the server imports, wherever the build is placed, with React's
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
