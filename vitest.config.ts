import { defineConfig } from 'vitest/config';

/**
 * Source tests that open a database are named `*.db.test.ts` and run in the api project; the rest
 * of src/ is pure and runs in the unit project.
 */
const DATABASE_SOURCE_TESTS = 'src/**/*.db.test.ts';

/** What the projects that open databases share: the migrated template and a per-file reset. */
const withDatabase = {
  // One migrated template, cached by a hash of the migrations; each test file starts from a copy.
  globalSetup: ['tests/helpers/global-setup.ts'],
  setupFiles: ['tests/helpers/each-file.ts'],
};

// Projects: `unit` (pure, no database), `api` (real HTTP on a real database), `process` (the built
// server as real processes). `npm test` runs unit and api; `--project <name>` runs one.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // The files of a worker share its module cache: the app, its database driver and the test
    // helpers load once per worker instead of once per file, which was most of the run. The app
    // keeps its state in the context each test builds (module-level maps are keyed by it), and
    // what the helpers keep is reset for each file by the setup file.
    isolate: false,
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content): a run reuses what an earlier run, or CI's earlier stage, transformed.
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [DATABASE_SOURCE_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', DATABASE_SOURCE_TESTS],
          ...withDatabase,
        },
      },
      {
        extends: true,
        test: { name: 'process', include: ['tests/reliability/**/*.test.ts'], ...withDatabase },
      },
    ],
  },
});
