import { addDays, isCalendarDate, messages, weekdayOf, type CalendarWeek } from '@clinica/shared';
import { AppError, badRequest } from '../../infra/http/errors.js';
import { newToken, sha256 } from '../../infra/token.js';
import type { CalendarRepository } from './calendar.repository.js';
import { doctorFeed } from './calendar.feed.js';

const DAY_MS = 24 * 60 * 60_000;
/** How far back a feed reaches: enough for last month's visits, bounded so a feed stays small. */
const PAST_DAYS = 90;
/** Cancelled appointments stay in the feed this long as STATUS:CANCELLED, so subscribers drop them. */
const CANCELLED_DAYS = 30;

export interface CalendarDeps {
  repo: CalendarRepository;
  now: () => number;
  clinic: { name: string; address: string };
  origin: string;
}

/**
 * The doctors' private iCalendar feeds (issue 24, decision 0051): a random token per doctor kept
 * only as its SHA-256, shown once when made; revoking (by the doctor or an administrator) deletes
 * it, and making a new one replaces it, so an old URL stops at once.
 */
export function calendarService(deps: CalendarDeps) {
  const hash = (token: string) => sha256(token, 'base64url');
  return {
    async state(doctorId: string) {
      const feed = await deps.repo.feedOf(doctorId);
      return { activo: Boolean(feed), creado_at: feed ? feed.created_at.toISOString() : null };
    },

    /** A new URL for the doctor, replacing any earlier one; `by` is who asked (the doctor). */
    async create(doctorId: string, by: string) {
      const token = newToken(32);
      await deps.repo.replaceToken(doctorId, hash(token), by, new Date(deps.now()));
      return `${deps.origin}/api/calendar/${token}.ics`;
    },

    revoke: (doctorId: string) => deps.repo.revoke(doctorId),

    /** The feed behind `<token>.ics`, and whose it is (for the audit trail); 404 for an unknown or revoked token. */
    async feed(file: string) {
      const doctor = await deps.repo.doctorByToken(hash(file.replace(/\.ics$/, '')));
      if (!doctor) throw new AppError(404, messages.calendarFeedNotFound);
      const now = new Date(deps.now());
      const rows = await deps.repo.feedAppointments(doctor.id, new Date(now.getTime() - PAST_DAYS * DAY_MS), new Date(now.getTime() - CANCELLED_DAYS * DAY_MS));
      const body = doctorFeed(rows, { clinicName: deps.clinic.name, address: deps.clinic.address, origin: deps.origin, now });
      return { doctor, body, patientIds: rows.map((r) => r.patient_id) };
    },

    /**
     * The week (Monday to Sunday, Panama dates) holding `fecha`, of one doctor or (`doctorId`
     * undefined, administrators only) every active doctor: three reads, one per kind.
     */
    async week(fecha: string, doctorId: string | undefined): Promise<CalendarWeek & { patientIds: string[] }> {
      if (!isCalendarDate(fecha)) throw badRequest(messages.invalidDate, { desde: messages.invalidDate });
      // weekdayOf: 0 Sunday .. 6 Saturday; the week starts on Monday.
      const desde = addDays(fecha, -((weekdayOf(fecha) + 6) % 7));
      const hasta = addDays(desde, 6);
      const doctors = await deps.repo.weekDoctors(doctorId);
      const ids = doctors.map((d) => d.id);
      const [citas, bloqueos] = await Promise.all([deps.repo.weekAppointments(ids, desde, hasta), deps.repo.weekBlocks(ids, desde, hasta)]);
      return {
        desde,
        hasta,
        doctores: doctors.map((d) => ({ id: d.id, nombre: `${d.nombre} ${d.apellido}`, horario: d.horario ?? null })),
        citas: citas.map((c) => ({
          token: c.token,
          numero: c.numero,
          doctor_id: c.doctor_id,
          fecha: c.fecha,
          hora: c.hora,
          estado: c.estado as 'pendiente' | 'confirmada',
          reprogramada: c.reprogramada_at !== null,
          asistencia: c.asistencia ?? null,
          servicio: c.servicio,
          paciente: `${c.nombre} ${c.apellido}`,
        })),
        bloqueos,
        patientIds: citas.map((c) => c.patient_id),
      };
    },
  };
}
export type CalendarService = ReturnType<typeof calendarService>;
