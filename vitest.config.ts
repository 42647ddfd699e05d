import { defineConfig } from 'vitest/config';

// Unit and API tests. Each API test file gets its own PGlite loaded from one migrated snapshot
// (globalSetup), because a fresh PGlite costs about 4 s and a loaded copy about 0.7 s here.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
