import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compileHints } from './src/web/build/compile-hints';

// WEB_DIST_DIR lets several builds coexist (the server reads the same variable); the server
// renderer of the first views goes next to it, in `<web dir>-ssr`.
const webOutDir = process.env.WEB_DIST_DIR ?? '../../dist/web';

// Preact's compatibility layer in React's place, in the browser, the server renderer and the
// component tests alike (docs/decisions/0018-preact-in-the-browser.md).
export const reactAsPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// React Router's package points every import at its development build, whose only difference is
// its warnings switched on (remix-run/react-router#14102): builds take the production one.
const routerProductionBuild = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  resolve: { alias: command === 'build' ? [...reactAsPreact, routerProductionBuild] : reactAsPreact },
  publicDir: 'public',
  // Preact's plugin: JSX, and in development hot refresh that keeps a component's state.
  plugins: [preact({ prerender: { enabled: false } }), tailwindcss(), ...(isSsrBuild ? [] : [compileHints()])],
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
            // The runtime in a chunk of its own, named as it is, rather than inside whichever
            // shared chunk the bundler picks.
            manualChunks: (id) => (/node_modules\/preact\//.test(id) ? 'preact' : undefined),
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
