import { CLINIC_TIME_ZONE, SERVICE_LABELS, type AppointmentState, type CancelledBy, type PaymentState, type Service } from '@clinica/shared';

// A calendar date is shown as itself (noon UTC, so no time zone moves it to another day).
const longDate = new Intl.DateTimeFormat('es-PA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('es-PA', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const clock = new Intl.DateTimeFormat('es-PA', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
const instant = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/** '2026-11-25' -> 'miércoles, 25 de noviembre de 2026'. */
export const formatLongDate = (fecha: string) => longDate.format(new Date(`${fecha}T12:00:00Z`));
/** '2026-11-25' -> '25/11/2026'. */
export const formatShortDate = (fecha: string) => shortDate.format(new Date(`${fecha}T12:00:00Z`));
/** '08:00' -> '8:00 a. m.' (Panama time, as every hour of the product). */
export const formatHour = (hora: string) => clock.format(new Date(`1970-01-01T${hora}:00Z`));
/** The one-hour slot: '08:00' -> '8:00 a. m. – 9:00 a. m.'. */
export const formatSlot = (hora: string) => {
  const next = String(Number(hora.slice(0, 2)) + 1).padStart(2, '0');
  return `${formatHour(hora)} – ${formatHour(`${next}:00`)}`;
};
/** An ISO instant in Panama's date and time. */
export const formatInstant = (iso: string) => instant.format(new Date(iso));

export const serviceLabel = (s: Service) => SERVICE_LABELS[s];
export const formatMoney = (monto: number) => `USD ${monto.toFixed(2)}`;

export const STATE_LABELS: Record<AppointmentState, string> = {
  reservada: 'Pago en curso',
  pendiente: 'Pago en revisión',
  confirmada: 'Confirmada',
  cancelada: 'Cancelada',
};

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pendiente: 'En revisión',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
};

export const CANCELLED_BY_LABELS: Record<CancelledBy, string> = {
  paciente: 'Por el paciente',
  administrador: 'Por la clínica',
  pago_rechazado: 'Pago rechazado',
  reserva_vencida: 'Pago no completado',
};
