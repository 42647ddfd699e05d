import { and, eq } from 'drizzle-orm';
import { mailJobs } from '../../db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { openMailPayload } from '../mail/mail-payload.js';
import type { CookieJar } from '../../../test/harness.js';
import { paypalCapture, paypalOrder, type AppointmentsClinic, type Slot } from '../appointments/appointments.test-support.js';

/** Books and pays a slot by PayPal: a confirmed appointment; its token. */
export async function confirmedAppointment(c: AppointmentsClinic, jar: CookieJar, slot: Slot) {
  const order = await paypalOrder(c.t, jar, slot);
  if (order.statusCode !== 200) throw new Error(order.body);
  const orderID = order.json<{ id: string }>().id;
  await c.paypal.approve(orderID);
  const captured = await paypalCapture(c.t, jar, slot, orderID);
  if (captured.statusCode !== 200) throw new Error(captured.body);
  return captured.json<{ token: string }>().token;
}

/** The reminders queued for an address, opened: subject, text and the confirm link's token. */
export async function remindersTo(t: TestApp, correo: string) {
  const rows = await t.app.db
    .select()
    .from(mailJobs)
    .where(and(eq(mailJobs.recipient, correo), eq(mailJobs.kind, 'appointmentReminder')))
    .orderBy(mailJobs.created_at);
  return rows.map((r) => {
    // A withdrawn message keeps no content.
    const payload = r.payload ? openMailPayload(t.app.config.fileKeys, r.payload) : { text: '', html: '' };
    const token = /confirmar-asistencia#token=([A-Za-z0-9_-]{43})/.exec(payload.text)?.[1];
    return { subject: r.subject, text: payload.text, html: payload.html, token: token!, status: r.status };
  });
}
