import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // The files of a worker share its module cache: the app, its database driver and the test
    // helpers load once per worker instead of once per file, which was most of the run. The app
    // keeps its state in the context each test builds (module-level maps are keyed by it), and
    // what the helpers keep is reset for each file by the setup file.
    isolate: false,
    setupFiles: ['tests/helpers/each-file.ts'],
    // One migrated database for the run; each test file starts from a copy of it.
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
