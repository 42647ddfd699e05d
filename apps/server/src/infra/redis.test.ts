import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SESSION_ENDED_CLOSE } from './realtime.js';
import { hashToken } from '../modules/auth/sessions.plugin.js';
import { createTestApp, validRegistration, type TestApp } from '../../test/harness.js';
import { fakeSocket, twoInstancesOnOneDatabase } from '../../test/instances-in-process.js';
import { hasRedis, startRedis } from '../../test/redis.js';
import { login, registerPatient, signedIn } from '../modules/auth/test-support.js';

// Several instances behind a load balancer: each its own process (here: its own app), one database,
// one Redis. What one instance publishes or revokes must reach the other.

const until = async (check: () => boolean | Promise<boolean>, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function patientOn(t: TestApp) {
  const reg = validRegistration();
  const res = await registerPatient(t, reg);
  expect(res.statusCode, res.body).toBe(201);
  return reg;
}

// Two apps and argon2 sign-ins on two shared cores: slower than the default 30 s allows.
describe.skipIf(!hasRedis)('two instances on one Redis (needs redis-server: skipped when it is not installed)', { timeout: 120_000 }, () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const open: TestApp[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const t of open.reverse()) await t.close();
    await redis?.stop();
  });

  it('a chat payload published on one instance reaches the subscribers on the other', async () => {
    const a = await createTestApp({ REDIS_URL: redis.url });
    const b = await createTestApp({ REDIS_URL: redis.url });
    open.push(a, b);
    const onB: string[] = [];
    const onA: string[] = [];
    await b.app.realtime.pubsub.subscribe('chat:c-1', (m) => onB.push(m));
    await a.app.realtime.pubsub.subscribe('chat:c-1', (m) => onA.push(m));
    await a.app.realtime.pubsub.publish('chat:c-1', 'hola desde A');
    await b.app.realtime.pubsub.publish('chat:c-1', 'hola desde B');
    await until(() => onA.length === 2 && onB.length === 2);
    expect(onB).toEqual(['hola desde A', 'hola desde B']);
    expect(onA).toEqual(onB);
  });

  it('a session made on one instance is valid on the other; a logout on one ends it on both and closes its sockets there', async () => {
    const [a, b] = await twoInstancesOnOneDatabase({ REDIS_URL: redis.url });
    open.push(a, b);
    const reg = await patientOn(a);
    const { res, jar } = await login(a, 'patient', reg.correo, reg.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(b, 'patient', jar.header)).toBe(true);
    // B now holds the session in memory (the fast path of the polls) and has a chat socket under it.
    expect(await signedIn(b, 'patient', jar.header)).toBe(true);
    const token = jar.header.match(/sid_patient=([^;]+)/)![1]!;
    const socket = fakeSocket();
    b.app.realtime.track(socket as unknown as WebSocket, hashToken(token));

    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: jar.header } });
    expect(out.statusCode).toBe(200);
    // The clock does not move: only the publication can end B's cached copy.
    await until(async () => !(await signedIn(b, 'patient', jar.header)));
    expect(socket.closedWith).toBe(SESSION_ENDED_CLOSE);
    expect(await signedIn(a, 'patient', jar.header)).toBe(false);
  });

  it('logout on every device through one instance ends the sessions cached by the other', async () => {
    const [a, b] = await twoInstancesOnOneDatabase({ REDIS_URL: redis.url });
    open.push(a, b);
    const reg = await patientOn(a);
    const phone = await login(b, 'patient', reg.correo, reg.password);
    const laptop = await login(a, 'patient', reg.correo, reg.password);
    expect(await signedIn(b, 'patient', phone.jar.header)).toBe(true);
    expect(await signedIn(b, 'patient', laptop.jar.header)).toBe(true);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { cookie: laptop.jar.header } });
    expect(out.statusCode, out.body).toBe(200);
    await until(async () => !(await signedIn(b, 'patient', phone.jar.header)));
    expect(await signedIn(b, 'patient', laptop.jar.header)).toBe(false);
  });

  it('without the publication (no Redis), the other instance trusts its cached session only for SESSION_CACHE_TTL_SECONDS', async () => {
    const [a, b] = await twoInstancesOnOneDatabase({ SESSION_CACHE_TTL_SECONDS: '5' });
    open.push(a, b);
    const reg = await patientOn(a);
    const { jar } = await login(a, 'patient', reg.correo, reg.password);
    expect(await signedIn(b, 'patient', jar.header)).toBe(true);
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: jar.header } });
    // The gap the publication closes: B has not heard of the logout yet.
    expect(await signedIn(b, 'patient', jar.header)).toBe(true);
    a.clock.advance(5_001);
    expect(await signedIn(b, 'patient', jar.header)).toBe(false);
  });

  it('/readyz answers 503 while Redis is unreachable, and the instance still closes promptly', async () => {
    const own = await startRedis();
    const t = await createTestApp({ REDIS_URL: own.url });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await own.stop();
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      const started = Date.now();
      await t.close();
      expect(Date.now() - started).toBeLessThan(5_000);
      await own.stop();
    }
  });

  it('failed sign-ins count across both instances: the limit is reached whichever instance answers', async () => {
    const env = { REDIS_URL: redis.url, LOGIN_MAX_ATTEMPTS: '3' };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    open.push(a, b);
    const reg = await patientOn(a);
    // Two failures on A and one on B, each from another address: only the e-mail's count is shared.
    expect((await login(a, 'patient', reg.correo, 'equivocada-1')).res.statusCode).toBe(401);
    expect((await login(b, 'patient', reg.correo, 'equivocada-2')).res.statusCode).toBe(401);
    expect((await login(a, 'patient', reg.correo, 'equivocada-3')).res.statusCode).toBe(401);
    expect((await login(a, 'patient', reg.correo, reg.password)).res.statusCode).toBe(429);
    // The window is measured by the app's clock, as in memory.
    a.clock.advance(15 * 60_000 + 1);
    expect((await login(a, 'patient', reg.correo, reg.password)).res.statusCode).toBe(200);
  });

  it("strangers' failures on one instance lock the account for unknown browsers on the other; the owner's known browser still signs in; the delays grow", async () => {
    const env = { REDIS_URL: redis.url, LOGIN_MAX_ATTEMPTS: '3' };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    open.push(a, b);
    const reg = await patientOn(a);
    const browser = (await login(a, 'patient', reg.correo, reg.password)).jar;
    for (let i = 0; i < 3; i++) expect((await login(b, 'patient', reg.correo, `mala-${i}`)).res.statusCode).toBe(401);
    expect((await login(a, 'patient', reg.correo, reg.password)).res.statusCode).toBe(429);
    expect((await login(a, 'patient', reg.correo, reg.password, browser)).res.statusCode).toBe(200);
    // 15 minutes later one more failure locks for 30: still locked after 15 more, free after 30.
    for (const t of [a, b]) t.clock.advance(15 * 60_000 + 1);
    expect((await login(b, 'patient', reg.correo, 'mala-3')).res.statusCode).toBe(401);
    a.clock.advance(15 * 60_000);
    expect((await login(a, 'patient', reg.correo, reg.password)).res.statusCode).toBe(429);
    a.clock.advance(15 * 60_000 + 1);
    expect((await login(a, 'patient', reg.correo, reg.password)).res.statusCode).toBe(200);
  });
});
