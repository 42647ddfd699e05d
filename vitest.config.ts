import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './apps/web/preact-aliases.js';

// Web components render with Preact as the build does (decision 0049). The testing library and the
// router are taken as ES modules so that their own imports of 'react' are resolved to Preact too.
const nodeModule = (file: string) => fileURLToPath(new URL(`./node_modules/${file}`, import.meta.url));

// Unit and API tests. Each API test file gets its own PGlite loaded from one migrated snapshot
// (globalSetup), because a fresh PGlite costs about 4 s and a loaded copy about 0.7 s here.
const include = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/server/test/security/**/*.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
  'eslint/*.test.ts',
];

// When scripts/services.mjs has started PostgreSQL 15 and Redis (CLINICA_TEST_PG_URL, as `npm test`
// does), two more projects run: `postgres`, the server's tests again on the real PostgreSQL (each
// app on a database copied from a migrated template), and `scale-out`, real server processes on
// PostgreSQL and Redis (two instances; crashes under a write load).
const withServices = Boolean(process.env.CLINICA_TEST_PG_URL);

export default defineConfig({
  resolve: {
    alias: [
      ...PREACT_ALIASES,
      { find: /^@testing-library\/react$/, replacement: nodeModule('@testing-library/react/dist/@testing-library/react.esm.js') },
      { find: /^react-router$/, replacement: nodeModule('react-router/dist/development/index.mjs') },
    ],
  },
  // Each project names its own files and setup: a project's arrays would be added to the root's.
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    server: { deps: { inline: ['@testing-library/react', '@tanstack/react-query', 'react-router', 'react-hook-form', '@hookform/resolvers'] } },
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'pglite', include, globalSetup: ['apps/server/test/global-setup.ts'] } },
      ...(withServices
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: include.filter((p) => p.startsWith('apps/server/')),
                // These start PostgreSQL themselves (two instances' row locks); they ran in `pglite`.
                exclude: ['**/node_modules/**', '**/*.postgres.test.ts'],
                globalSetup: ['apps/server/test/global-setup.ts', 'apps/server/test/global-setup-postgres.ts'],
                env: { CLINICA_TEST_DB: 'postgres' },
              },
            },
            {
              extends: true as const,
              test: {
                name: 'scale-out',
                include: ['apps/server/test/scale-out/**/*.test.ts'],
                testTimeout: 300_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
