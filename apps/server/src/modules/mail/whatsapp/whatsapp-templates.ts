import { ATTENDANCE_PATH, formatTime, formatWeekdayDate } from '@clinica/shared';
import type { WhatsappKind } from '../../../infra/config.js';
import type { MailContext, TemplateData } from '../mail.templates.js';

/**
 * The body parameters of each notice's WhatsApp template (decision 0059), in the order of the
 * approved template's {{1}}, {{2}}, ...: the clinic's name, a date and an hour in Panama, and a link
 * at most. Never the patient's name, the service, the doctor, a reason or any other clinical
 * detail: a WhatsApp message is read on a lock screen and kept by Meta.
 */
const PARAMS: { [K in WhatsappKind]: (d: TemplateData[K], ctx: MailContext) => string[] } = {
  // "{{1}}: le recordamos su cita del {{2}} a las {{3}} (hora de Panamá). Confirme su asistencia: {{4}}"
  appointmentReminder: (d, ctx) => [ctx.clinicName, formatWeekdayDate(d.start, 'es'), formatTime(d.start, 'es'), `${ctx.origin}${ATTENDANCE_PATH}#token=${d.token}`],
  // "{{1}}: se liberó una hora el {{2}} a las {{3}} (hora de Panamá). Para reservarla: {{4}}"
  waitlistOffer: (d, ctx) => [ctx.clinicName, formatWeekdayDate(d.start, 'es'), formatTime(d.start, 'es'), `${ctx.origin}/citas?oferta=${encodeURIComponent(d.token)}`],
  // "{{1}}: su consulta virtual fue autorizada; ya puede entrar al chat: {{2}}"
  consultationAuthorised: (_d, ctx) => [ctx.clinicName, `${ctx.origin}/ConsultaChat`],
};

export const isWhatsappKind = (kind: string): kind is WhatsappKind => Object.hasOwn(PARAMS, kind);

/** The template parameters of a notice that may go by WhatsApp. */
export function whatsappParams<K extends WhatsappKind>(kind: K, data: TemplateData[K], ctx: MailContext): string[] {
  return (PARAMS[kind] as (d: TemplateData[K], c: MailContext) => string[])(data, ctx);
}
