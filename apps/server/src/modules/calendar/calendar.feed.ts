import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { SERVICE_LABELS, type Service } from '@clinica/shared';

const SLOT_MS = 60 * 60_000;
export const PANAMA_TZ = 'America/Panama';

export interface FeedAppointment {
  id: string;
  inicio: Date;
  estado: string;
  servicio: string;
  secuencia: number;
  updated_at: Date;
  nombre: string;
  apellido: string;
}

/**
 * A doctor's subscription calendar (RFC 5545, METHOD:PUBLISH) made with ical-generator. Each
 * appointment keeps the UID of the patient's own .ics (`cita-<id>@host`) and its SEQUENCE, so a
 * calendar replaces an event when it changes; cancelled ones stay a while as STATUS:CANCELLED so
 * subscribed calendars drop them. Privacy (decision 0051): the patient's name and the service,
 * never the reason for the visit, contact details or anything clinical.
 */
export function doctorFeed(
  rows: FeedAppointment[],
  ctx: { clinicName: string; origin: string; address: string; now: Date },
) {
  const host = new URL(ctx.origin).hostname || 'clinica';
  const cal = ical({
    name: `${ctx.clinicName}: mis citas`,
    prodId: { company: ctx.clinicName, product: 'Citas', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    // Times are written in UTC ('Z'), which every calendar reads the same; ical-generator would
    // write a native Date's UTC clock under a TZID unchanged (it converts only moment/luxon/day.js
    // objects), putting every visit five hours late. X-WR-TIMEZONE tells Google and Apple to show
    // the subscription in Panama time. Panama keeps UTC-5 all year, so nothing shifts.
    x: [{ key: 'X-WR-TIMEZONE', value: PANAMA_TZ }],
    // How often a subscribing calendar should look again (Outlook and Apple read this).
    ttl: 15 * 60,
  });
  for (const r of rows) {
    const cancelled = r.estado === 'cancelada';
    cal.createEvent({
      id: `cita-${r.id}@${host}`,
      sequence: r.secuencia,
      stamp: ctx.now,
      lastModified: r.updated_at,
      start: r.inicio,
      end: new Date(r.inicio.getTime() + SLOT_MS),
      summary: `${r.nombre} ${r.apellido}: ${SERVICE_LABELS[r.servicio as Service] ?? r.servicio}`,
      location: `${ctx.clinicName}, ${ctx.address}`,
      description: `Detalles en ${ctx.origin}/Citas_Admin_Doctor`,
      status: cancelled ? ICalEventStatus.CANCELLED : r.estado === 'confirmada' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return cal.toString();
}
