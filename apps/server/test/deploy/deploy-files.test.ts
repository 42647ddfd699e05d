import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@clinica/shared';
import { FORM_ALLOWANCE_BYTES } from '../../src/infra/http/multipart.js';

/**
 * The deployment files of docs/deploy/ (issue 26, item 6): the nginx site passes `nginx -t` (Debian's
 * nginx; `npm test` installs it through apt-get like the other services) and the systemd unit
 * passes `systemd-analyze verify` where that command exists.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const site = fs.readFileSync(path.join(root, 'docs/deploy/nginx.conf'), 'utf8');
const unit = fs.readFileSync(path.join(root, 'docs/deploy/clinica.service'), 'utf8');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-deploy-files-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** Runs `nginx -t` on a copy of the site, with a throw-away certificate and a minimal nginx.conf around it. */
function nginxTest(siteText: string, name: string) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const ssl = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=clinica.example',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  expect(ssl.status, ssl.stderr).toBe(0);
  const copy = siteText
    .replace('/etc/letsencrypt/live/clinica.example/fullchain.pem', cert)
    .replace('/etc/letsencrypt/live/clinica.example/privkey.pem', key);
  fs.writeFileSync(path.join(dir, 'clinica.conf'), copy);
  const temp = (n: string) => `${n}_temp_path ${path.join(dir, n)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')};`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
      `  include ${path.join(dir, 'clinica.conf')};`,
      '}',
    ].join('\n'),
  );
  return spawnSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    encoding: 'utf8',
  });
}

describe('docs/deploy/nginx.conf', () => {
  it('passes nginx -t (and nginx -t does refuse a broken copy)', () => {
    expect(has('nginx'), 'nginx is missing: npm test installs it (apt-get install nginx, as root)').toBe(true);
    const ok = nginxTest(site, 'ok');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('test is successful');
    // Without the map that defines the upgrade variable, the WebSocket location cannot work.
    const broken = nginxTest(site.replace(/map \$http_upgrade[\s\S]*?\n}\n/, ''), 'broken');
    expect(broken.status).not.toBe(0);
    expect(broken.stderr).toMatch(/unknown "clinica_connection_upgrade" variable/);
  });

  it('redirects HTTP to HTTPS and upgrades the chat WebSocket with a long read timeout', () => {
    expect(site).toMatch(/listen 80;[\s\S]*return 301 https:\/\/\$host\$request_uri;/);
    const ws = /location = \/api\/chat\/ws \{([\s\S]*?)\n {4}\}/.exec(site)?.[1] ?? '';
    expect(ws).toContain('proxy_http_version 1.1;');
    expect(ws).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(ws).toContain('proxy_set_header Connection $clinica_connection_upgrade;');
    expect(ws).toMatch(/proxy_read_timeout 3600s;/);
    expect(site).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });

  it('lets through the largest upload the app accepts, and no more', () => {
    const size = /client_max_body_size (\d+)m;/.exec(site)?.[1];
    expect(Number(size) * 1024 * 1024).toBe(MAX_UPLOAD_BYTES + FORM_ALLOWANCE_BYTES);
  });

  it('adds none of the security headers the app already sets', () => {
    const added = [...site.matchAll(/^\s*add_header\s+(\S+)/gim)].map((m) => m[1]!.toLowerCase());
    for (const header of [
      'content-security-policy',
      'strict-transport-security',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
    ]) {
      expect(added).not.toContain(header);
    }
  });

  it('documents the video TURN ports and points to docs/deployment.md', () => {
    expect(site).toMatch(/TURN[\s\S]*3478[\s\S]*5349/);
    expect(site).toContain('docs/deployment.md');
    expect(fs.readFileSync(path.join(root, 'docs/deployment.md'), 'utf8')).toContain('Video (TURN) ports');
  });
});

describe('docs/deploy/clinica.service', () => {
  it('runs the compiled server as its own user, production, with an EnvironmentFile and hardening', () => {
    expect(unit).toMatch(
      /^ExecStart=\/usr\/bin\/node --enable-source-maps --conditions=clinica-compiled apps\/server\/dist\/server\.js$/m,
    );
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/clinica\/clinica\.env$/m);
    expect(unit).toMatch(/^User=clinica$/m);
    for (const line of ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'PrivateTmp=yes', 'ProtectHome=yes']) {
      expect(unit).toMatch(new RegExp(`^${line}$`, 'm'));
    }
    // The directories it may write are the ones the server is told to use: its data, and its
    // backups outside the release (each deploy replaces the release; ProtectSystem makes it read-only).
    const writable = /^ReadWritePaths=(.*)$/m.exec(unit)![1]!.split(/\s+/);
    const dataDir = /^Environment=DATA_DIR=(.*)$/m.exec(unit)![1]!;
    const backupDir = /^Environment=BACKUP_DIR=(.*)$/m.exec(unit)?.[1];
    expect(dataDir).toBe('/var/lib/clinica');
    expect(backupDir, 'BACKUP_DIR set in the unit').toBe('/var/backups/clinica');
    expect(writable).toEqual(expect.arrayContaining([dataDir, backupDir]));
  });

  it('passes systemd-analyze verify, where the command exists', (ctx) => {
    if (!has('systemd-analyze')) {
      console.log('systemd-analyze verify skipped: systemd-analyze is not installed on this machine');
      ctx.skip();
    }
    const file = path.join(tmp, 'clinica.service');
    fs.writeFileSync(file, unit);
    const res = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    // It reports unknown keys and unparsable values as warnings with status 0: none allowed.
    expect(res.stderr.split('\n').filter((l) => l.includes('clinica.service'))).toEqual([]);
  });
});
