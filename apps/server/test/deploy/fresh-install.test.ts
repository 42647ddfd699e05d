import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../src/infra/production-env.test-support.js';
import { productionSigningFile } from '../signing-fixture.js';

/**
 * What a deployment ships (scripts/deployment.mjs, after `npm run build`) copied into a fresh
 * directory outside the repository, `npm install --omit=dev` there (from the npm cache when it can),
 * then `NODE_ENV=production npm start`'s script with a production configuration: the compiled server
 * runs on plain node with no tsx, TypeScript or other development package installed (issue 26, item 1).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-fresh-'));
const release = path.join(tmp, 'release');
const backupDir = path.join(tmp, 'backups');
// A key production accepts (random; never the file key).
const backupKey = crypto.randomBytes(32).toString('hex');
let server: ChildProcess | undefined;
let output = '';
let port = 0;
let metricsPort = 0;
let exitCode: number | null | undefined;

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as AddressInfo;
      srv.close(() => resolve(p));
    });
  });
}

/** The shared production environment, with this test's ports, directories and signing file. */
function productionEnv() {
  const signing = productionSigningFile();
  return {
    ...PRODUCTION_ENV,
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmp,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(tmp, 'data'),
    TRUST_PROXY: '127.0.0.1',
    // Nothing listens there: no mail leaves the test.
    SMTP_URL: 'smtp://127.0.0.1:1',
    DOCUMENT_SIGNING_P12: signing.path,
    DOCUMENT_SIGNING_P12_PASSWORD: signing.password,
    METRICS_PORT: String(metricsPort),
    BACKUP_KEY: backupKey,
    BACKUP_DIR: backupDir,
    LOG_LEVEL: 'warn',
  };
}

async function waitForReady(deadlineMs: number) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}):\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not ready after ${deadlineMs} ms:\n${output}`);
}

beforeAll(async () => {
  const copy = spawnSync(process.execPath, ['scripts/deployment.mjs', release], { cwd: root, encoding: 'utf8' });
  expect(copy.status, `${copy.stdout}${copy.stderr} (run npm run build first)`).toBe(0);
  const install = spawnSync('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: release,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  expect(install.status, install.stderr).toBe(0);
  [port, metricsPort] = [await freePort(), await freePort()];
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: release,
    env: productionEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  server.on('exit', (code) => (exitCode = code));
  await waitForReady(120_000);
});

afterAll(async () => {
  if (server && exitCode === undefined) server.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the deployment, installed with --omit=dev in a fresh directory', () => {
  it('has no tsx, TypeScript or other development package', () => {
    const modules = path.join(release, 'node_modules');
    expect(fs.existsSync(path.join(modules, '@clinica/shared'))).toBe(true);
    for (const dev of ['.bin/tsx', 'tsx', 'typescript', 'vite', 'vitest', 'esbuild', 'drizzle-kit', 'react']) {
      expect(fs.existsSync(path.join(modules, dev)), `${dev} installed`).toBe(false);
    }
    // Nothing TypeScript runs: the server and the shared package are JavaScript with their maps.
    expect(fs.existsSync(path.join(release, 'apps/server/src'))).toBe(false);
    expect(fs.existsSync(path.join(release, 'apps/server/dist/server.js.map'))).toBe(true);
  });

  it('answers /healthz and /readyz, a public page and the API, as production', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // Production's headers: HSTS is sent only there.
    expect(health.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()).toEqual({ status: 'ready' });

    const page = await fetch(`http://127.0.0.1:${port}/consultas-virtuales`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"');
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\/[^"]+\.js"/);

    const api = await fetch(`http://127.0.0.1:${port}/api/site/config`);
    expect(api.status).toBe(200);
    const config = (await api.json()) as { clinicName: string };
    expect(config.clinicName).toBe('Clínica Virtual Panamá');
  });

  it('serves its metrics on the loopback metrics port', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(
      /^clinica_http_requests_total\{method="GET",route="\/healthz",status="200"\} [1-9]/m,
    );
  });

  it("takes a backup with the release's `npm run backup` command while it serves", async () => {
    const res = spawnSync('npm', ['run', 'backup'], {
      cwd: release,
      env: productionEnv(),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(res.status, `${res.stdout}${res.stderr}`).toBe(0);
    expect(fs.readdirSync(backupDir).filter((f) => f.endsWith('.cbk'))).toHaveLength(1);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
