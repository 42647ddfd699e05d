import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YAPPY_API } from '@clinica/shared';
import { chatTestbed, type ChatTestbed } from './test-support.js';

/** The extra hour paid with Yappy's button through the stand-in (decision 0058). */
let b: ChatTestbed;
beforeAll(async () => {
  b = await chatTestbed();
}, 120_000);
afterAll(async () => b.close());

describe('the extra hour paid with Yappy’s button', () => {
  it('is added at once when Yappy’s notification confirms it, for the server’s price', async () => {
    const doctor = await b.staff('doctor');
    const p = await b.paidConsultation(doctor.id);
    const s = b.connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    await b.passTime(1800_000, { patient: p.jar, doctor: doctor.jar });
    const url = `${YAPPY_API.extraHourOrder}?consulta=${p.token}`;
    // The amount is the server's: the body carries none.
    expect((await b.json('POST', url, p.jar, { monto: 0.01 })).statusCode).toBe(400);
    const res = await b.json('POST', url, p.jar, {});
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<{ orden: string; transactionId: string }>();
    expect(b.app.yappyStandIn!.orderByOrderId(started.orden)?.total).toBe('10.00');
    const left = async () => (await b.json('GET', `/api/chat?consulta=${p.token}`, p.jar)).json<{ segundos_restantes: number }>().segundos_restantes;
    expect(await left()).toBe(1800);

    expect((await b.app.yappyStandIn!.decide(started.transactionId, 'E'))?.answer).toBe(200);
    expect(await left()).toBe(1800 + 3600);
    const poll = await b.json('GET', `${YAPPY_API.orderState}/${started.orden}`, p.jar);
    expect(poll.json()).toMatchObject({ estado: 'pagada', proposito: 'hora_extra', consulta: p.token });
    // A replayed notification adds nothing.
    await b.app.yappyStandIn!.decide(started.transactionId, 'E');
    expect(await left()).toBe(1800 + 3600);
    s.ws.close();
    // Sockets, the clock and a doctor's and patient's sign-ups: slow on a loaded machine.
  }, 180_000);
});
