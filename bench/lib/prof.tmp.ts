import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { buildApp } from '../../apps/server/src/app.js';
import { PNG_1X1, multipart, validRegistration } from '../../apps/server/test/harness.js';
import { measure } from './measure.js';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bench-'));
const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openDatabase({ dataDir: config.dataDir });
const app = await buildApp({ config, database, logger: false });
const { patientSessionSchema, sessionPollQuerySchema } = await import('@clinica/shared');
const ans = (tok: string | undefined) => { const a = app.sessions.cached('patient', tok); return a ? { loggedIn: true, user_name: a.nombre + ' ' + a.apellido } : { loggedIn: false, user_name: null }; };
app.get('/api/x0', { config: { access: 'anonymous' } }, (req, reply) => { reply.header('cache-control', 'no-store'); return { loggedIn: true, user_name: 'María González' }; });
app.get('/api/x1', { config: { access: 'anonymous' } }, (req, reply) => { reply.header('cache-control', 'no-store'); return ans(req.cookies.sid_patient); });
app.get('/api/x2', { config: { access: 'anonymous' }, schema: { querystring: sessionPollQuerySchema } }, (req, reply) => { reply.header('cache-control', 'no-store'); return ans(req.cookies.sid_patient); });
app.get('/api/x3', { config: { access: 'anonymous' }, schema: { response: { 200: patientSessionSchema } } }, (req, reply) => { reply.header('cache-control', 'no-store'); return ans(req.cookies.sid_patient); });
const reg = validRegistration();
await app.inject({ method: 'POST', url: '/api/auth/register', ...multipart(reg, [{ field: 'image_cedula', filename: 'c.png', bytes: PNG_1X1 }]) });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } });
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/auth/session?activo=1`;
const json = await (await fetch(appUrl, { headers: { cookie } })).text();
const bare = http.createServer((_q, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }); res.end(json); });
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
const fy = Fastify({ logger: false });
fy.get('/api/auth/session', async () => ({ loggedIn: true, user_name: 'María González' }));
await fy.listen({ port: 0, host: '127.0.0.1' });
const targets: [string, string][] = [
  ['bare', `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/auth/session?activo=1`],
  ['fastify-min', `http://127.0.0.1:${(fy.server.address() as AddressInfo).port}/api/auth/session?activo=1`],
  ['app', appUrl],
  ['app-healthz', appUrl.replace('/api/auth/session?activo=1', '/healthz')],
  ['x0-const', appUrl.replace('/api/auth/session', '/api/x0')],
  ['x1-cached', appUrl.replace('/api/auth/session', '/api/x1')],
  ['x2-query', appUrl.replace('/api/auth/session', '/api/x2')],
  ['x3-resp', appUrl.replace('/api/auth/session', '/api/x3')],
];
if (process.env.PROFILE) {
  const { Session } = await import('node:inspector/promises');
  const s = new Session(); s.connect();
  await measure({ url: appUrl, headers: { cookie }, durationSeconds: 2 });
  await s.post('Profiler.enable'); await s.post('Profiler.start');
  console.log(await measure({ url: appUrl, headers: { cookie }, durationSeconds: 6 }));
  const { profile } = await s.post('Profiler.stop');
  await fs.writeFile('/tmp/app.cpuprofile', JSON.stringify(profile));
} else {
  for (const [, u] of targets) await measure({ url: u, headers: { cookie }, durationSeconds: 1 });
  for (let round = 0; round < 2; round++)
    for (const [n, u] of targets) {
      const r = await measure({ url: u, headers: { cookie }, durationSeconds: 4 });
      console.log(n.padEnd(12), r.requestsPerSecond.toFixed(0).padStart(6), 'req/s', r.cpuUsPerRequest.toFixed(1).padStart(6), 'cpu µs/req', 'p99', r.p99Ms);
    }
}
await app.close(); await fy.close(); bare.close(); await fs.rm(dataDir, { recursive: true, force: true });
