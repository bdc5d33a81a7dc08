import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A page on a busy two-core machine can take seconds to draw what a poll waits for; the
    // default second made waits for a tab title or a count fail on a slow run.
    expect: { poll: { timeout: 15_000 } },
    // In CI a failed test runs once more, and the JSON report keeps both tries: a test that fails
    // twice fails the run, one that passed on its second try is a flake to look at, not a landing
    // lost to a busy machine. The retry starts over the database as the first try found it
    // (useShop in e2e/helpers/shop.ts), so fixed data such as a username does not fail it again.
    retry: process.env.CI ? 1 : 0,
    pool: 'forks',
    // Two files at a time, each on its own server and database (e2e/helpers/shop.ts).
    maxWorkers: 2,
    // The files of a worker share its modules, so its Chromium too (workerChromium in
    // e2e/helpers/browser.ts): one launch per worker, not one per file. Each file gets fresh
    // browser contexts; the setup file resets what the shared helpers keep.
    isolate: false,
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content): a run reuses what an earlier run, or CI's earlier stage, transformed.
    experimental: { fsModuleCache: true },
    setupFiles: ['tests/helpers/each-file.ts'],
    // One migrated database for the run; each file's server starts on a copy of it.
    globalSetup: ['tests/helpers/global-setup.ts'],
    // The built app with its server-rendered first views.
    env: { TEST_RENDER_PAGES: 'true' },
    // The server renderer, a built bundle (React's server renderer in it), imported by Node as in
    // production rather than transformed again by the test runner: that took seconds on a busy
    // machine, enough to miss Fastify's plugin timeout.
    server: { deps: { external: [/-ssr\/(entry-server\.js|assets\/)/] } },
  },
});
