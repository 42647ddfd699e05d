import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnCredentialsSchema } from '@clinica/shared';
import { chatTestbed, type ChatTestbed } from '../chat/test-support.js';
import { turnCredential } from './video.service.js';
import { turnAllocate } from './turn-allocate.js';

/**
 * The real relay (decision 0053): coturn as scripts/services.mjs starts it (CLINICA_TEST_TURN_URLS,
 * `use-auth-secret` on loopback) allocates a relay for the credentials the server's route hands
 * out, and refuses a wrong credential, another secret's and an expired one. Runs under
 * `node scripts/services.mjs npx vitest run --project pglite apps/server/src/modules/video/coturn.test.ts`
 * (and in `npm test`); skipped without coturn.
 */
const urls = process.env.CLINICA_TEST_TURN_URLS;
const secret = process.env.CLINICA_TEST_TURN_SECRET;

describe.skipIf(!urls || !secret)('coturn with the server’s TURN credentials', () => {
  let t: ChatTestbed;
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(urls ?? '')?.[1]);

  beforeAll(async () => {
    // coturn checks a credential's expiry on the real clock: the app's clock starts at real time
    // (and consultations may be requested at any hour of the run).
    t = await chatTestbed({ TURN_URLS: urls!, TURN_SECRET: secret!, VIDEO_RELAY_ONLY: '1', TEST_ONLY_IGNORE_CONSULTATION_HOURS: '1' }, { startAt: Date.now() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("allocates a relay on 127.0.0.1 with a consultation member's credentials from GET /api/video/turn", async () => {
    const doctor = await t.staff('doctor');
    const p = await t.paidConsultation(doctor.id);
    const s = t.connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    const res = await t.json('GET', `/api/video/turn?consulta=${p.token}&rol=patient`, p.jar);
    expect(res.statusCode, res.body).toBe(200);
    const { iceServers } = turnCredentialsSchema.parse(res.json());
    const { username, credential } = iceServers[0]!;
    const result = await turnAllocate(port, username!, credential!);
    expect(result).toMatchObject({ ok: true, relayed: { address: '127.0.0.1' } });
    s.ws.close();
  });

  it('refuses a wrong credential, a credential made with another secret, and an expired one (401)', async () => {
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const good = turnCredential(secret!, inAnHour);
    expect(await turnAllocate(port, good.username, `${good.credential}x`)).toEqual({ ok: false, code: 401 });
    const forged = turnCredential('not-the-secret', inAnHour);
    expect(await turnAllocate(port, forged.username, forged.credential)).toEqual({ ok: false, code: 401 });
    const expired = turnCredential(secret!, Math.floor(Date.now() / 1000) - 5);
    expect(await turnAllocate(port, expired.username, expired.credential)).toEqual({ ok: false, code: 401 });
    // The same scheme, in time: allocated.
    expect((await turnAllocate(port, good.username, good.credential)).ok).toBe(true);
  });
});
