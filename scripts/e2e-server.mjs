// Starts the server for the browser tests: the web build (made by `npm test` before Playwright
// runs, or here when missing), a fresh data directory, the demo clinic, a generous login limit.
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startMailSink } from './e2e-smtp-sink.mjs';
import { startCoturnAlone } from './services.mjs';

const root = path.resolve(import.meta.dirname, '..');
// E2E_WEB_DIST_DIR: a build of one's own, so a run does not replace the build other runs are serving.
const distDir = process.env.E2E_WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
const dist = path.join(distDir, 'index.html');
if (!process.env.E2E_WEB_DIST_DIR && (!fs.existsSync(dist) || process.env.E2E_REBUILD === '1')) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
const dataDir = path.join(root, '.tmp', `e2e-data-${process.env.E2E_PORT ?? 3100}`);
fs.rmSync(dataDir, { recursive: true, force: true });
// E-mail goes to a real SMTP server on loopback; specs read what it received (e2e/mailbox.ts).
const mailSink = await startMailSink({
  port: Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000),
  dir: path.join(root, '.tmp', `e2e-mail-${process.env.E2E_PORT ?? 3100}`),
});
// Video calls go through a real relay (decision 0053): coturn on loopback, relay-only forced, so
// the browser tests see what a patient's call does in production (no direct path between the two).
const turn = await startCoturnAlone();
// Test-only: where the browser tests find this run's coturn, to stall the relay for a moment
// (SIGSTOP/SIGCONT: a real loss of every packet of a relay-only call, e2e/video-call.spec.ts).
fs.writeFileSync(path.join(root, '.tmp', `e2e-coturn-${process.env.E2E_PORT ?? 3100}.pid`), String(turn.pid));
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: distDir,
    LOG_LEVEL: 'warn',
    LOGIN_MAX_ATTEMPTS: '50',
    // Every spec registers and books from this one address: the quotas (decision 0030) are proven by the API tests.
    QUOTA_REGISTRATIONS_PER_ADDRESS_HOUR: '100000',
    QUOTA_HELD_APPOINTMENTS_PER_DOCTOR_DAY: '1000',
    QUOTA_HELD_APPOINTMENTS_TOTAL: '1000',
    // The server runs on real time; consultation requests must work at any hour of a test run.
    // Test-only (production refuses it); the hours rule itself is proven by the API tests' clock.
    TEST_ONLY_IGNORE_CONSULTATION_HOURS: '1',
    // An appointment can be moved to an hour that has started, so a spec marks attendance (decision 0049, session 10).
    TEST_ONLY_APPOINTMENT_BACKDATE: '1',
    SMTP_URL: mailSink.url,
    MAIL_POLL_MS: '500',
    // Reminders (decision 0052) looked for every 2 s instead of every minute, so a spec sees one soon.
    APPOINTMENT_REMINDER_SWEEP_SECONDS: '2',
    // Reset links expire after 45 s instead of 30 min, so a spec can see one expire (test-only).
    TEST_ONLY_PASSWORD_RESET_TTL_SECONDS: '45',
    // Backups (decision 0056): a test key, so e2e/backups.spec.ts can run `npm run backup` against this server.
    BACKUP_KEY: process.env.BACKUP_KEY ?? 'e2e0'.repeat(16),
    BACKUP_DIR: path.join(root, '.tmp', `e2e-backups-${process.env.E2E_PORT ?? 3100}`),
    TURN_URLS: turn.urls,
    TURN_SECRET: turn.secret,
    VIDEO_RELAY_ONLY: '1',
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
