import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    // The built app with its server-rendered first views.
    env: { TEST_RENDER_PAGES: 'true' },
  },
});
