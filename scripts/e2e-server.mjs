// Starts the server for the browser tests: the web build (made by `npm test` before Playwright
// runs, or here when missing), a fresh data directory, the demo clinic, a generous login limit.
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
if (!fs.existsSync(dist) || process.env.E2E_REBUILD === '1') {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
const dataDir = path.join(root, '.tmp', `e2e-data-${process.env.E2E_PORT ?? 3100}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
    LOG_LEVEL: 'warn',
    LOGIN_MAX_ATTEMPTS: '50',
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
