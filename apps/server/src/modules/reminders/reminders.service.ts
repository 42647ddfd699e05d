import type { FastifyBaseLogger } from 'fastify';
import { messages, type AttendanceView } from '@clinica/shared';
import { AppError } from '../../infra/http/errors.js';
import { newToken, sha256 } from '../../infra/token.js';
import type { Notifier } from '../mail/index.js';
import type { RemindersRepository } from './reminders.repository.js';

/** Appointments reminded per lead time and sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

type Found = NonNullable<Awaited<ReturnType<RemindersRepository['byTokenHash']>>>;

const toView = (a: Found): AttendanceView => ({
  fecha: a.fecha,
  hora: a.hora,
  servicio: a.servicio,
  doctor: `${a.doctor_nombre} ${a.doctor_apellido}`,
  estado: a.estado,
  asistencia_confirmada_at: a.asistencia_confirmada_at?.toISOString() ?? null,
});

/**
 * Reminders before confirmed appointments with a one-tap confirm link (issue 24, item 7, decision
 * 0052). The sweep runs on every instance; the claim in the database makes each reminder go once.
 */
export function remindersService(deps: {
  repo: RemindersRepository;
  notify: Pick<Notifier, 'appointmentReminder'>;
  /** Lead times in hours, largest first (config.appointmentReminderHours). */
  hours: readonly number[];
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { repo, notify, hours, log } = deps;

  /** The link's appointment, or the same refusal for a token that was never issued or was altered. */
  async function find(token: string) {
    const found = await repo.byTokenHash(sha256(token, 'base64url'));
    if (!found) throw new AppError(404, messages.attendanceLinkInvalid, { token: messages.attendanceLinkInvalid });
    return found;
  }

  /** A link opens only while it can still be used: a confirmed appointment that has not started. */
  const usable = (a: Found, now: number) => a.estado === 'confirmada' && a.inicio.getTime() > now;

  return {
    /**
     * Sends every reminder due now that no instance sent yet; returns how many this call sent.
     * Each is claimed first (an INSERT only one instance wins), then queued with a new link token,
     * of which only the hash is kept.
     */
    async sweep() {
      let sent = 0;
      for (const [i, horas] of hours.entries()) {
        const now = new Date(deps.now());
        const next = hours[i + 1] ?? 0;
        for (const a of await repo.due(now, horas, next, SWEEP_BATCH)) {
          const token = newToken();
          if (!(await repo.claim(a.id, horas, sha256(token, 'base64url'), now))) continue;
          await notify.appointmentReminder({ patientId: a.patient_id }, { appointmentId: a.id, start: a.inicio, token, citaToken: a.token, horas });
          sent += 1;
        }
      }
      if (sent > 0) log.info({ sent }, 'appointment reminders queued');
      return sent;
    },

    /** What the link's page shows; refused once the appointment started or is no longer confirmed. */
    async view(token: string) {
      const a = await find(token);
      if (!usable(a, deps.now())) throw new AppError(410, messages.attendanceLinkClosed);
      return toView(a);
    },

    /** The patient's answer: records it once; a second tap says it was already confirmed. */
    async confirm(token: string) {
      const a = await find(token);
      const now = deps.now();
      if (!usable(a, now)) throw new AppError(410, messages.attendanceLinkClosed);
      const at = await repo.confirm(a.id, new Date(now));
      if (at) return { message: messages.attendanceConfirmed, cita: toView({ ...a, asistencia_confirmada_at: at }) };
      // Nothing written: confirmed before (or it started or was cancelled a moment ago).
      const again = await find(token);
      if (!usable(again, deps.now())) throw new AppError(410, messages.attendanceLinkClosed);
      return { message: messages.attendanceAlreadyConfirmed, cita: toView(again) };
    },
  };
}

export type RemindersService = ReturnType<typeof remindersService>;
