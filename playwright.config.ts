import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

// Browser tests drive Debian's Chromium against the production build served by the real server,
// on a fresh data directory seeded with the demo clinic (scripts/e2e-server.mjs).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // 90 s: on the 2-core CI host of session 12 the longer journeys (two people, a payment and a review)
  // ran out of 60 s while passing in 30 s alone; the longest of them also say test.slow().
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // npm test adds the JSON reporter (PW_REPORTERS) to count the results in its closing line.
  reporter: process.env.PW_REPORTERS ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-PA',
    timezoneId: 'America/Panama',
    // A trace only on a failed test's retry (CI retries once): recording one for every test (retain-on-failure)
    // cost 30% of the browser tests' time on a 2-core host (64 axe tests: 7.0 -> 4.9 min). Locally: --trace on.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
