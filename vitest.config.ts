import { defineConfig } from 'vitest/config';

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

// After `npm run build` (scripts/test.mjs sets CLINICA_TEST_DEPLOY=1): the deployment in a fresh
// directory with `npm install --omit=dev`, and the nginx site and systemd unit of docs/deploy/.
const withDeploy = process.env.CLINICA_TEST_DEPLOY === '1';

export default defineConfig({
  // Each project names its own files and setup: a project's arrays would be added to the root's.
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      // The server's, shared and ESLint tests share each worker's loaded modules (isolate: false): importing
      // the server afresh for each file cost about 3 s a file on a 2-core host, a third of the whole
      // run. They hold no module state of their own between files: each builds its app and database.
      {
        extends: true,
        test: { name: 'pglite', include: include.filter((p) => !p.startsWith('apps/web/')), isolate: false, globalSetup: ['apps/server/test/global-setup.ts'] },
      },
      // The web's tests keep a fresh module graph per file (happy-dom, React and the stores' module state).
      { extends: true, test: { name: 'web', include: include.filter((p) => p.startsWith('apps/web/')) } },
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
                isolate: false,
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
      ...(withDeploy
        ? [
            {
              extends: true as const,
              test: {
                name: 'deploy',
                include: ['apps/server/test/deploy/**/*.test.ts'],
                testTimeout: 240_000,
                hookTimeout: 240_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
