import { ATTENDANCE_PATH, EMAIL_VERIFICATION_PATH, formatWeekdayDateTime, LOGIN_PATH_OF_ROLE, PASSWORD_RECOVERY_PATHS, STAFF_INVITATION_PATH, type Role } from '@clinica/shared';
import { LOGO_CID } from './mail-transport.js';
import { appointmentIcs } from './ics.js';

/**
 * The e-mails of the product: HTML and plain text, the clinic's name and logo, in the person's
 * language (Spanish now; issue 9 adds the others by adding a catalogue below). No medical detail
 * ever goes into a message, nor any text typed by staff or the patient (a reason, a note): it says
 * that something is waiting and links to the patient area, where the details are behind a login
 * (issue 18; mail.templates.test.ts renders every message with planted clinical values).
 */

/** The interface's languages (docs/spec/decisions.md, "Languages"). */
export const MAIL_LANGS = ['es', 'en', 'fr', 'de', 'it', 'zh-TW', 'zh-CN'] as const;
export type MailLang = (typeof MAIL_LANGS)[number];

/** How a person reaches the clinic (configuration, issue 23): every e-mail's footer, the .ics LOCATION. */
export interface ClinicContact {
  address: string;
  phone: string;
  whatsapp: string;
  email: string;
}

/** The contact of the configuration's clinic. */
export const clinicContact = (clinic: ClinicContact): ClinicContact => ({
  address: clinic.address,
  phone: clinic.phone,
  whatsapp: clinic.whatsapp,
  email: clinic.email,
});

export interface MailContext {
  clinicName: string;
  /** Origin of the links, e.g. https://clinica.example (configuration, never a request's Host). */
  origin: string;
  contact: ClinicContact;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; contentBase64: string }[];
}

/** What a template says; the layout turns it into both parts. */
interface Content {
  subject: string;
  heading: string;
  /** Addressee's first name, for the greeting. */
  nombre: string;
  paragraphs: string[];
  action?: { label: string; path: string };
  /** A second, plainer link under the button (a reminder: cancel or change, after signing in). */
  secondary?: { label: string; path: string };
  audience: 'patient' | 'staff';
  attachments?: RenderedMail['attachments'];
}

export interface AppointmentData {
  appointmentId: string;
  /** Start of the one-hour slot. */
  start: Date;
  /** The event's iCalendar SEQUENCE (appointments.secuencia: raised by every move and the cancellation); mails queued before it existed have none. */
  secuencia?: number;
}

const ROLE_LABEL: Record<Role, string> = {
  patient: 'de paciente',
  admin: 'de administrador',
  doctor: 'de médico',
};

/** Every message and the data it needs (besides the addressee's name). */
export interface TemplateData {
  emailVerification: { token: string };
  passwordResetUnverified: Record<string, never>;
  passwordReset: { token: string; role: Role };
  passwordChanged: { role: Role; at: Date };
  twoFactorReset: { role: Role; at: Date };
  staffInvitation: { token: string; role: 'admin' | 'doctor'; expiresAt: Date };
  loginUnderAttack: { at: Date; maxAttempts: number; staff: boolean };
  consultationReceived: Record<string, never>;
  consultationAuthorised: Record<string, never>;
  consultationReferred: Record<string, never>;
  paymentReceived: Record<string, never>;
  paymentApproved: Record<string, never>;
  paymentRejected: { motivo: string };
  appointmentRequested: AppointmentData;
  appointmentConfirmed: AppointmentData;
  appointmentCancelled: AppointmentData & { motivo?: string; reembolso?: boolean };
  appointmentHoldExpired: AppointmentData;
  staffHoldExpired: AppointmentData & { metodo: string; numero: number };
  /** Issue 24, item 5 (decision 0050): a freed hour offered to a waiting patient; `token` opens the offer on /citas. */
  waitlistOffer: { start: Date; expiresAt: Date; token: string };
  /** Issue 24, item 7 (decision 0052): `token` is the one-tap confirm link's; `citaToken` deep-links /Citas_usuario. */
  appointmentReminder: AppointmentData & { token: string; citaToken: string };
  documentAvailable: Record<string, never>;
  staffReceiptPending: { metodo: string; reviewPath: string };
  staffNewAppointment: AppointmentData;
  appointmentRescheduled: AppointmentData & { before: Date };
  staffAppointmentRescheduled: AppointmentData & { before: Date; path: string };
  dataRequestAnswered: Record<string, never>;
  accountClosed: { referencia: string };
  refundDue: { metodo: RefundMailMethod };
  refunded: { metodo: RefundMailMethod };
}

/** How the refunded payment was made: it decides how the money goes back. */
export type RefundMailMethod = 'Paypal o Tarjeta' | 'Transferencia' | 'Yappy';
const REFUND_WAY: Record<RefundMailMethod, string> = {
  'Paypal o Tarjeta': 'a la misma cuenta de PayPal o tarjeta con que pagó',
  Transferencia: 'por transferencia a su cuenta bancaria',
  Yappy: 'por Yappy',
};
export type TemplateKind = keyof TemplateData;

type Catalogue = {
  [K in TemplateKind]: (data: TemplateData[K], ctx: MailContext, nombre: string) => Omit<Content, 'nombre'>;
};

/** 'miércoles 25 nov. 2026, 9:00 a. m.': the one date format of pages, e-mails and PDFs (decision 0044). */
const when = (d: Date) => formatWeekdayDateTime(d, 'es');

const es: Catalogue = {
  emailVerification: (d, ctx) => ({
    audience: 'patient',
    subject: 'Confirme su correo electrónico',
    heading: 'Confirme su correo electrónico',
    paragraphs: [
      `Gracias por registrarse en ${ctx.clinicName}. Para terminar, confirme que esta dirección es suya con el botón de abajo.`,
      'El enlace es válido durante 24 horas y solo puede usarse una vez. Hasta que confirme su correo no le enviaremos avisos de sus consultas, citas, pagos ni documentos.',
      'Si usted no se registró, ignore este mensaje: la cuenta no quedará asociada a su correo.',
    ],
    // The token travels in the fragment (#), which browsers never send to a server.
    action: { label: 'Confirmar mi correo', path: `${EMAIL_VERIFICATION_PATH}#token=${d.token}` },
  }),
  passwordResetUnverified: (_d, ctx) => ({
    audience: 'patient',
    subject: 'Su correo aún no está confirmado',
    heading: 'Su correo aún no está confirmado',
    paragraphs: [
      `Recibimos una solicitud para restablecer la contraseña de una cuenta de paciente en ${ctx.clinicName} con esta dirección, pero la dirección todavía no está confirmada.`,
      'Si se registró, abra el enlace de confirmación que le enviamos, o regístrese de nuevo con esta dirección: la cuenta que se confirme primero es la que queda.',
      'Si usted no lo solicitó, ignore este mensaje.',
    ],
    action: { label: 'Ir a la clínica', path: '/' },
  }),
  passwordReset: (d, ctx) => ({
    audience: d.role === 'patient' ? 'patient' : 'staff',
    subject: 'Restablezca su contraseña',
    heading: 'Restablecer la contraseña',
    paragraphs: [
      `Recibimos una solicitud para restablecer la contraseña de su cuenta ${ROLE_LABEL[d.role]} en ${ctx.clinicName}.`,
      'El enlace es válido durante 30 minutos y solo puede usarse una vez.',
      'Si usted no lo solicitó, ignore este mensaje: su contraseña no cambiará.',
    ],
    // The token travels in the fragment (#), which browsers never send to a server: it stays
    // out of access logs and proxies.
    action: { label: 'Restablecer contraseña', path: `${PASSWORD_RECOVERY_PATHS.reset}#token=${d.token}` },
  }),
  passwordChanged: (d, ctx) => ({
    audience: d.role === 'patient' ? 'patient' : 'staff',
    subject: 'Su contraseña fue cambiada',
    heading: 'Contraseña cambiada',
    paragraphs: [
      `La contraseña de su cuenta ${ROLE_LABEL[d.role]} en ${ctx.clinicName} se cambió el ${when(d.at)}. Por seguridad, se cerraron todas las sesiones abiertas de esa cuenta.`,
      'Si no fue usted, solicite de inmediato un enlace nuevo con «¿Olvidó su contraseña?» y avise a la clínica.',
    ],
    action: { label: 'Iniciar sesión', path: LOGIN_PATH_OF_ROLE[d.role] },
  }),
  // Issue 18: the owner hears once per lock, with no detail about the account's contents.
  loginUnderAttack: (d, ctx) => ({
    audience: d.staff ? 'staff' : 'patient',
    subject: 'Intentos fallidos de iniciar sesión en su cuenta',
    heading: 'Alguien intenta entrar en su cuenta',
    paragraphs: [
      `Hasta el ${when(d.at)} se escribieron ${d.maxAttempts} contraseñas incorrectas para su correo en ${ctx.clinicName}. Por seguridad, durante un tiempo su cuenta solo se puede abrir desde un navegador en el que ya haya iniciado sesión antes (o, si es personal de la clínica, con su código de verificación en dos pasos).`,
      'Si fue usted, espere unos minutos o entre desde su navegador de siempre. Si no fue usted, su contraseña no ha sido revelada; si es fácil de adivinar o la usa en otros sitios, cámbiela con «¿Olvidó su contraseña?».',
    ],
    action: { label: 'Cambiar mi contraseña', path: PASSWORD_RECOVERY_PATHS.request },
  }),
  twoFactorReset: (d, ctx) => ({
    audience: 'staff',
    subject: 'Se restableció su verificación en dos pasos',
    heading: 'Verificación en dos pasos restablecida',
    paragraphs: [
      `Un administrador de ${ctx.clinicName} restableció la verificación en dos pasos de su cuenta ${ROLE_LABEL[d.role]} el ${when(d.at)}. Su aplicación de autenticación y sus códigos de recuperación anteriores ya no sirven, y se cerraron todas las sesiones abiertas de esa cuenta.`,
      'Inicie sesión con su contraseña y active de nuevo la verificación en dos pasos en la página Seguridad.',
      'Si usted no pidió este cambio, avise de inmediato a la clínica.',
    ],
    action: { label: 'Iniciar sesión', path: LOGIN_PATH_OF_ROLE[d.role] },
  }),
  staffInvitation: (d, ctx) => ({
    audience: 'staff',
    subject: `Invitación al personal de ${ctx.clinicName}`,
    heading: 'Le invitamos a crear su cuenta',
    paragraphs: [
      `Un administrador de ${ctx.clinicName} le invita a crear su cuenta ${ROLE_LABEL[d.role]}. Abra el enlace, escriba su nombre y elija una contraseña: la cuenta quedará activa al momento.`,
      `El enlace sirve una sola vez y caduca el ${when(d.expiresAt)}.`,
      'Si no esperaba esta invitación, ignore este mensaje.',
    ],
    // The token travels in the fragment (#), which browsers never send to a server.
    action: { label: 'Crear mi cuenta', path: `${STAFF_INVITATION_PATH}#token=${d.token}` },
  }),
  consultationReceived: () => ({
    audience: 'patient',
    subject: 'Recibimos su solicitud de consulta virtual',
    heading: 'Solicitud de consulta recibida',
    paragraphs: [
      'Recibimos su solicitud de consulta virtual.',
      'Le escribiremos cuando la consulta esté autorizada. También puede ver su estado en su área de paciente.',
    ],
    action: { label: 'Ver mis consultas', path: '/Consultas' },
  }),
  consultationAuthorised: () => ({
    audience: 'patient',
    subject: 'Su consulta virtual fue autorizada',
    heading: 'Ya puede entrar al chat',
    paragraphs: [
      'Su consulta virtual fue autorizada: ya puede entrar al chat con el médico.',
      'Inicie sesión y abra la página de la consulta con el botón de abajo.',
    ],
    action: { label: 'Entrar al chat', path: '/ConsultaChat' },
  }),
  consultationReferred: () => ({
    audience: 'patient',
    // The classification (an emergency sent to hospital) is clinical: only the patient area says it.
    subject: 'Hay novedades sobre su consulta virtual',
    heading: 'Novedades de su consulta',
    paragraphs: ['Revisamos su solicitud de consulta virtual. Encontrará la respuesta en su área de paciente.'],
    action: { label: 'Ver mis consultas', path: '/Consultas' },
  }),
  // Neither says what the payment was for nor why it is returned (a referral is clinical): the
  // patient area shows both.
  refundDue: (d) => ({
    audience: 'patient',
    subject: 'Le devolveremos un pago',
    heading: 'Reembolso pendiente',
    paragraphs: [
      `Lo que usted pagó ya no se realizará, así que la clínica le devolverá el pago ${REFUND_WAY[d.metodo]}.`,
      d.metodo === 'Paypal o Tarjeta'
        ? 'Le avisaremos cuando el reembolso esté hecho. Puede seguir su estado en su área de paciente.'
        : 'Si la clínica necesita datos para devolverle el dinero, se comunicará con usted. Puede seguir el estado en su área de paciente.',
    ],
    action: { label: 'Ver mis pagos', path: '/Recibo_pagos' },
  }),
  refunded: (d) => ({
    audience: 'patient',
    subject: 'Su reembolso está hecho',
    heading: 'Reembolsado',
    paragraphs: [
      `La clínica le devolvió el pago ${REFUND_WAY[d.metodo]}. La fecha y la referencia están en su área de paciente.`,
      d.metodo === 'Paypal o Tarjeta' ? 'En una tarjeta, el banco puede tardar algunos días en mostrarlo.' : 'Gracias por su paciencia.',
    ],
    action: { label: 'Ver mis pagos', path: '/Recibo_pagos' },
  }),
  paymentReceived: () => ({
    audience: 'patient',
    subject: 'Recibimos su comprobante de pago',
    heading: 'Comprobante recibido',
    paragraphs: [
      'Recibimos su comprobante de pago. Un administrador lo revisará y le escribiremos cuando esté aprobado.',
    ],
    action: { label: 'Ver mis pagos', path: '/Recibo_pagos' },
  }),
  paymentApproved: () => ({
    audience: 'patient',
    subject: 'Su pago fue aprobado',
    heading: 'Pago aprobado',
    paragraphs: ['Su pago fue revisado y aprobado. Gracias.'],
    action: { label: 'Ver mis pagos', path: '/Recibo_pagos' },
  }),
  // The staff's reason is free text (it may name a treatment): it is shown in the patient area only.
  paymentRejected: () => ({
    audience: 'patient',
    subject: 'Su pago no fue aprobado',
    heading: 'Pago no aprobado',
    paragraphs: [
      'Revisamos su comprobante de pago y no pudimos aprobarlo. El motivo está en su área de paciente.',
      'Si cree que se trata de un error, envíe un comprobante nuevo o comuníquese con la clínica.',
    ],
    action: { label: 'Ver mis pagos', path: '/Recibo_pagos' },
  }),
  appointmentRequested: (d) => ({
    audience: 'patient',
    subject: 'Recibimos su solicitud de cita',
    heading: 'Solicitud de cita recibida',
    paragraphs: [
      `Recibimos su solicitud de cita presencial para el ${when(d.start)} (hora de Panamá).`,
      'Le escribiremos cuando la cita esté confirmada.',
    ],
    action: { label: 'Ver mis citas', path: '/Citas_usuario' },
  }),
  appointmentConfirmed: (d, ctx) => ({
    audience: 'patient',
    subject: 'Su cita fue confirmada',
    heading: 'Cita confirmada',
    paragraphs: [
      `Su cita presencial del ${when(d.start)} (hora de Panamá) está confirmada.`,
      'Adjuntamos la cita para su calendario. Le enviaremos un recordatorio el día anterior.',
    ],
    action: { label: 'Ver mis citas', path: '/Citas_usuario' },
    attachments: [appointmentIcs(d, ctx, 'PUBLISH')],
  }),
  appointmentCancelled: (d, ctx) => ({
    audience: 'patient',
    subject: 'Su cita fue cancelada',
    heading: 'Cita cancelada',
    paragraphs: [
      // The reason is free text typed by staff: the patient area shows it, the message does not.
      `Su cita presencial del ${when(d.start)} (hora de Panamá) fue cancelada.${d.motivo?.trim() ? ' El motivo está en su área de paciente.' : ''}`,
      ...(d.reembolso
        ? ['La clínica le devolverá lo que pagó por esta cita, por el mismo medio con que pagó. Puede seguir el reembolso en "Mis pagos" de su área de paciente.']
        : []),
      'El archivo adjunto la quita de su calendario. Si lo desea, puede solicitar otra cita.',
    ],
    action: { label: 'Ver mis citas', path: '/Citas_usuario' },
    attachments: [appointmentIcs(d, ctx, 'CANCEL')],
  }),
  // Issue 24 (decision 0050): the receipt was not approved before the hold's deadline.
  appointmentHoldExpired: (d, ctx) => ({
    audience: 'patient',
    subject: 'Su reserva de cita venció',
    heading: 'Reserva vencida',
    paragraphs: [
      `Su comprobante de pago para la cita presencial del ${when(d.start)} (hora de Panamá) no se aprobó antes del plazo de la reserva, así que la hora quedó libre.`,
      'Si ya hizo el pago, la clínica se lo devolverá por el mismo medio o se comunicará con usted. Puede seguirlo en "Mis pagos" de su área de paciente.',
      'El archivo adjunto la quita de su calendario. Si lo desea, puede solicitar otra cita.',
    ],
    action: { label: 'Ver mis citas', path: '/Citas_usuario' },
    attachments: [appointmentIcs(d, ctx, 'CANCEL')],
  }),
  staffHoldExpired: (d) => ({
    audience: 'staff',
    subject: `Reserva de cita vencida (N.º ${String(d.numero).padStart(6, '0')})`,
    heading: 'Reserva de cita vencida',
    paragraphs: [
      `El comprobante (${d.metodo}) de la cita presencial del ${when(d.start)} (hora de Panamá) no se aprobó a tiempo: la cita se canceló y la hora quedó libre.`,
      'El pago ya no se puede aprobar. Si el dinero llegó, devuélvalo desde "Recibos"; si no llegó, rechace el comprobante.',
    ],
    action: { label: 'Revisar', path: '/Recibo_Admin' },
  }),
  // Issue 24, item 5 (decision 0050): only the date and hour; the doctor and the service are on
  // the page the link opens, behind the patient's sign-in (no clinical detail in a mail).
  waitlistOffer: (d) => ({
    audience: 'patient',
    subject: 'Se liberó una hora para su cita',
    heading: 'Se liberó una hora',
    paragraphs: [
      `Se liberó una hora del día que usted esperaba en la lista de espera: ${when(d.start)} (hora de Panamá).`,
      `La oferta vale hasta el ${when(d.expiresAt)} (hora de Panamá). La hora será del primer paciente de la lista de espera que la reserve y pague; si otro la toma antes, seguirá en la lista para las demás horas de ese día.`,
      'Para reservarla, abra el enlace e inicie sesión si se lo pide.',
    ],
    action: { label: 'Ver la hora y reservar', path: `/citas?oferta=${encodeURIComponent(d.token)}` },
  }),
  appointmentReminder: (d) => ({
    audience: 'patient',
    // Only the date and hour: the service and the doctor are on the page the link opens, behind
    // the token, and no clinical detail travels in a mail (decision 0052).
    subject: 'Recordatorio de su cita',
    heading: 'Recordatorio de cita',
    paragraphs: [
      `Le recordamos su cita presencial del ${when(d.start)} (hora de Panamá).`,
      '¿Asistirá? Confírmelo con el botón; no necesita iniciar sesión.',
      'Para cancelar o cambiar la cita, inicie sesión y entre en "Mis citas".',
    ],
    action: { label: 'Confirmar asistencia', path: `${ATTENDANCE_PATH}#token=${d.token}` },
    secondary: { label: 'Cancelar o cambiar la cita', path: `/Citas_usuario?cita=${encodeURIComponent(d.citaToken)}` },
  }),
  documentAvailable: () => ({
    audience: 'patient',
    subject: 'Tiene un documento nuevo',
    heading: 'Documento nuevo disponible',
    paragraphs: ['Su médico emitió un documento nuevo. Puede verlo y descargarlo en su área de paciente.'],
    action: { label: 'Ver mis documentos', path: '/Documentos_usuario' },
  }),
  staffReceiptPending: (d) => ({
    audience: 'staff',
    subject: `Nuevo comprobante de pago por revisar (${d.metodo})`,
    heading: 'Comprobante por revisar',
    paragraphs: [`Un paciente envió un comprobante de pago por ${d.metodo}. Está pendiente de su revisión.`],
    action: { label: 'Revisar', path: d.reviewPath },
  }),
  // Ley 81 requests (decision 0028): the mail says only that there is news; the answer and its
  // reason are in the profile, behind the sign-in.
  dataRequestAnswered: () => ({
    audience: 'patient',
    subject: 'Hay novedades sobre su solicitud',
    heading: 'Su solicitud fue atendida',
    paragraphs: ['La clínica atendió su solicitud sobre sus datos personales. Inicie sesión y vea la respuesta en su perfil.'],
    action: { label: 'Ver mi perfil', path: '/Usuarios' },
  }),
  accountClosed: (d, ctx) => ({
    audience: 'patient',
    subject: 'Su cuenta fue cerrada',
    heading: 'Cuenta cerrada',
    paragraphs: [
      `Atendimos su solicitud: su cuenta en ${ctx.clinicName} está cerrada. Ya no puede iniciar sesión, y su nombre, cédula, teléfono, dirección, correo e imagen de cédula se eliminaron de la cuenta.`,
      'Como exige la ley panameña, la clínica conserva su expediente clínico (consultas, documentos médicos, citas), los pagos y comprobantes, y el registro de accesos, marcados como de una cuenta cerrada.',
      `Si necesita una copia de su expediente, comuníquese con la clínica e indique esta referencia: ${d.referencia}.`,
    ],
    // Every mail leads to the clinic's own site (decision 0023): here, its contact details.
    action: { label: 'Ir al sitio de la clínica', path: '/' },
  }),
  staffNewAppointment: (d) => ({
    audience: 'staff',
    subject: 'Nueva cita asignada',
    heading: 'Nueva cita',
    paragraphs: [`Tiene una nueva cita presencial el ${when(d.start)} (hora de Panamá).`],
    action: { label: 'Ver mis citas', path: '/Citas_Admin_Doctor' },
  }),
  // Reschedule (issue 24, decision 0049): the .ics keeps the UID with a higher SEQUENCE, so the
  // patient's calendar moves the event instead of adding a second one.
  appointmentRescheduled: (d, ctx) => ({
    audience: 'patient',
    subject: 'Su cita cambió de fecha u hora',
    heading: 'Cita reprogramada',
    paragraphs: [
      `Su cita presencial del ${when(d.before)} ahora es el ${when(d.start)} (hora de Panamá).`,
      'Adjuntamos la cita actualizada: al abrirla, su calendario la cambia de hora.',
    ],
    action: { label: 'Ver mis citas', path: '/Citas_usuario' },
    attachments: [appointmentIcs(d, ctx, 'PUBLISH')],
  }),
  staffAppointmentRescheduled: (d) => ({
    audience: 'staff',
    subject: 'Una cita cambió de fecha u hora',
    heading: 'Cita reprogramada',
    paragraphs: [`La cita presencial del ${when(d.before)} ahora es el ${when(d.start)} (hora de Panamá).`],
    action: { label: 'Ver las citas', path: d.path },
  }),
};

// One catalogue per language; the languages not written yet fall back to Spanish.
const catalogues: { es: Catalogue } & Partial<Record<MailLang, Catalogue>> = { es };

const FOOTER = {
  patient: (clinic: string) =>
    `Mensaje automático de ${clinic}; por favor no responda a este correo. Por su privacidad, nuestros correos no incluyen información médica: la encontrará en su área de paciente.`,
  staff: (clinic: string) => `Mensaje automático de ${clinic} para su personal; por favor no responda a este correo.`,
};

/** Escapes text for HTML (names and reasons are typed by people). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(c: Content, ctx: MailContext): RenderedMail {
  const url = c.action ? `${ctx.origin}${c.action.path}` : undefined;
  const greeting = `Hola, ${c.nombre}:`;
  const footer = FOOTER[c.audience](ctx.clinicName);
  // Where the clinic is and how to reach it, under every message (a patient who must not reply
  // to the e-mail needs another way to ask).
  const { address, phone, whatsapp, email } = ctx.contact;
  const contact = `${ctx.clinicName} · ${address} · Tel. ${phone} · WhatsApp ${whatsapp} · ${email}`;
  const text = [
    ctx.clinicName,
    '',
    c.heading,
    '',
    greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action && url ? [`${c.action.label}: ${url}`, ''] : []),
    ...(c.secondary ? [`${c.secondary.label}: ${ctx.origin}${c.secondary.path}`, ''] : []),
    '-- ',
    footer,
    contact,
    '',
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(s)}</p>`;
  const button =
    c.action && url
      ? `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b2a5b;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(c.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#4b5563">Si el botón no funciona, copie esta dirección en su navegador:<br><a href="${escapeHtml(url)}" style="color:#0b2a5b;word-break:break-all">${escapeHtml(url)}</a></p>`
      : '';
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f9;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:16px 24px;background:#0b2a5b;border-radius:8px 8px 0 0">
<img src="cid:${LOGO_CID}" width="40" height="40" alt="" style="vertical-align:middle;border:0">
<span style="color:#ffffff;font-size:20px;font-weight:bold;vertical-align:middle;margin-left:8px">${escapeHtml(ctx.clinicName)}</span>
</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(c.heading)}</h1>
${p(greeting)}
${c.paragraphs.map(p).join('\n')}
${button}
${c.secondary ? `<p style="margin:0 0 16px;font-size:15px;line-height:1.5"><a href="${escapeHtml(`${ctx.origin}${c.secondary.path}`)}" style="color:#0b2a5b">${escapeHtml(c.secondary.label)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">${escapeHtml(footer)}<br>${escapeHtml(contact)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject: c.subject, text, html, attachments: c.attachments ?? [] };
}

/** Renders one message for its addressee in their language (Spanish when not written yet). */
export function renderMail<K extends TemplateKind>(
  kind: K,
  data: TemplateData[K],
  to: { nombre: string; lang?: MailLang },
  ctx: MailContext,
): RenderedMail {
  const catalogue = catalogues[to.lang ?? 'es'] ?? catalogues.es;
  const template = catalogue[kind] as (d: TemplateData[K], c: MailContext, n: string) => Omit<Content, 'nombre'>;
  const content = template(data, ctx, to.nombre);
  // An invitee has no name yet: the greeting then speaks to the staff member to be.
  const fallback = content.audience === 'staff' ? 'futuro miembro del equipo' : 'paciente';
  return layout({ ...content, nombre: to.nombre.trim() || fallback }, ctx);
}
