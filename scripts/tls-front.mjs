// The clinic's production front for the phone-load measurements (scripts/lighthouse.mjs,
// scripts/check-budget.mjs): Debian's nginx with the site of docs/deploy/nginx.conf itself (TLS,
// HTTP/2, the proxy to the app, the chat's WebSocket), on a loopback port with a throw-away
// certificate, in front of the product server. Patients reach the clinic through that front, so a
// phone loads the page's many small chunks over one multiplexed HTTP/2 connection, not over six
// HTTP/1.1 connections in turn as when Chromium talks to Node directly (decision 0046, session 12).
//
// The site is used as written; only what cannot be the same on a test machine is replaced, each
// replacement required to match (a change of docs/deploy/nginx.conf that breaks one fails loudly
// rather than measuring something else): the certificate's paths, the app's port (3000), and the
// port 443 listeners (one loopback listener instead). The port-80 redirect server is left out.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Every replacement of `text` must match once, or the site changed under us. */
function replaceOnce(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`docs/deploy/nginx.conf: "${from}" not found exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The site of docs/deploy/nginx.conf on `port` (loopback, TLS, HTTP/2) in front of the app on `appPort`. */
export function frontSite({ port, appPort, cert, key }) {
  let site = fs.readFileSync(path.join(root, 'docs/deploy/nginx.conf'), 'utf8');
  // Only the HTTPS server: the port-80 block redirects to 443, which is not ours on a test machine.
  const plain = site.match(/\n# Plain HTTP:[\s\S]*?\nserver \{[\s\S]*?\n\}\n/);
  if (!plain) throw new Error('docs/deploy/nginx.conf: the plain-HTTP server block was not found');
  site = site.replace(plain[0], '\n');
  site = replaceOnce(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`);
  site = replaceOnce(site, '    listen 443 ssl http2;\n', `    listen 127.0.0.1:${port} ssl http2;\n`);
  site = replaceOnce(site, '    listen [::]:443 ssl http2;\n', '');
  site = replaceOnce(site, '/etc/letsencrypt/live/clinica.example/fullchain.pem', cert);
  site = replaceOnce(site, '/etc/letsencrypt/live/clinica.example/privkey.pem', key);
  return site;
}

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

async function listening(port, deadline) {
  for (;;) {
    if (await accepts(port)) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port} within 20 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts nginx with the clinic's site on `port` in front of the app on `appPort`. Resolves with the
 * front's origin (https://127.0.0.1:<port>; the certificate is self-signed, so the browser that
 * loads it must ignore certificate errors) and a stop function.
 */
export async function startTlsFront({ port, appPort, name }) {
  for (const cmd of ['nginx', 'openssl'])
    if (spawnSync('sh', ['-c', `command -v ${cmd}`]).status !== 0)
      throw new Error(`${cmd} is missing: npm test installs it (apt-get install ${cmd === 'nginx' ? 'nginx' : 'openssl'}, as root)`);
  // A front left over from an earlier run on this port would answer for us and be measured instead.
  if (await accepts(port)) throw new Error(`port ${port} is already in use (an nginx left over from an earlier run?)`);
  const dir = path.join(root, '.tmp', `${name}-front-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const ssl = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
    { encoding: 'utf8' },
  );
  if (ssl.status !== 0) throw new Error(`openssl: ${ssl.stderr}`);
  fs.writeFileSync(path.join(dir, 'clinica.conf'), frontSite({ port, appPort, cert, key }));
  const temp = (n) => `${n}_temp_path ${path.join(dir, n)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
      // Run as root, nginx's workers are `nobody`, who may not enter a checkout under /root: answers
      // are relayed from memory, never through a temporary file in .tmp.
      '  proxy_max_temp_file_size 0;',
      `  include ${path.join(dir, 'clinica.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await Promise.race([
      listening(port, Date.now() + 20_000),
      exited.then((code) => {
        throw new Error(`nginx exited (${code}): ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-500)}`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    origin: `https://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
