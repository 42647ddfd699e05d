import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { messages } from '../messages.js';
import { pageSizeField } from './records.schema.js';
import { lazySchema } from './lazy-schema.js';

/** The audit trail (issue 6): what is recorded and how administrators read it (/Auditoria_Admin). */

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_ROLES = ['patient', 'admin', 'doctor', 'anonymous'] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];

/** Every action the product records, with the Spanish label the screen and the export show. */
export const AUDIT_ACTIONS = {
  'auth.login': 'Inicio de sesión',
  'auth.login_all': 'Inicio de sesión en todas las cuentas',
  refusal: 'Acceso rechazado',
  'patient.list': 'Lista de pacientes',
  'patient.read': 'Ficha del paciente',
  'patient.export': 'Descarga de todos sus datos',
  'consultation.list': 'Lista de consultas',
  'consultation.read': 'Consulta',
  'consultation.update': 'Actualización de la consulta',
  'consultation.classify': 'Clasificación de la consulta',
  'receipt.list': 'Lista de recibos',
  'receipt.read': 'Recibo de pago',
  'receipt.update': 'Actualización del recibo',
  'receipt.refund': 'Reembolso de un pago',
  // Yappy's payment button (decision 0058): its notifications and the patient's poll of an order.
  'yappy.notification_refused': 'Notificación de Yappy rechazada',
  'yappy.paid': 'Pago con Yappy confirmado',
  'yappy.paid_late': 'Pago con Yappy confirmado fuera de plazo',
  'yappy.order_closed': 'Orden de Yappy cerrada sin pago',
  'yappy.order_read': 'Estado de un pago con Yappy',
  'suggestion.list': 'Lista de sugerencias',
  'document.patient_lookup': 'Búsqueda de datos del paciente para un documento',
  'document.patient_search': 'Búsqueda entre sus pacientes para un documento',
  'document.issue': 'Emisión de un documento médico',
  'document.unlinked_list': 'Lista de documentos sin vincular',
  'document.link_lookup': 'Búsqueda de la cuenta para vincular un documento',
  'document.link': 'Vinculación de un documento a la cuenta del paciente',
  'document.annul': 'Anulación de un documento médico',
  'doctor_profile.update': 'Modificación del perfil de un médico',
  'file.id_card': 'Descarga de la imagen de cédula',
  'file.exam': 'Descarga de un archivo de exámenes',
  'file.exam_upload': 'Subida de un archivo de exámenes',
  'file.consultation_image': 'Descarga de una imagen de la consulta',
  'file.receipt': 'Descarga de un comprobante o factura',
  'file.document': 'Descarga de un documento médico',
  'audit.list': 'Consulta de la auditoría',
  'appointment.list': 'Lista de citas',
  'appointment.read': 'Cita',
  'chat.list': 'Lista de chats',
  'chat.read': 'Chat de la consulta',
  'file.exam_list': 'Lista de archivos de exámenes',
  'document.list': 'Lista de documentos médicos',
  'mail.list': 'Lista de correos enviados',
  'mail.read': 'Correo enviado',
  'auth.2fa_challenge': 'Contraseña correcta: se pidió el código de verificación',
  'auth.2fa_login': 'Inicio de sesión con verificación en dos pasos',
  'auth.2fa_failed': 'Código de verificación rechazado',
  'auth.2fa_setup': 'Inicio de la activación de la verificación en dos pasos',
  'auth.2fa_enabled': 'Verificación en dos pasos activada',
  'auth.2fa_disabled': 'Verificación en dos pasos desactivada',
  'auth.2fa_recovery_regenerated': 'Códigos de recuperación regenerados',
  'auth.2fa_reset': 'Verificación en dos pasos restablecida por un administrador',
  'staff.registration_key_refused': 'Registro del personal con una clave de seguridad incorrecta',
  'staff.registration_throttled': 'Registro del personal bloqueado por demasiadas claves incorrectas',
  'staff.registered': 'Registro del personal pendiente de aprobación',
  'staff.list': 'Lista de cuentas del personal',
  'staff.approve': 'Cuenta del personal aprobada',
  'staff.reject': 'Solicitud de registro del personal rechazada',
  'staff.deactivate': 'Cuenta del personal desactivada',
  'staff.reactivate': 'Cuenta del personal reactivada',
  'staff.invite': 'Invitación de una persona al personal',
  'staff.invitation_accepted': 'Invitación del personal aceptada',
  'staff.create_admin': 'Administrador creado con el comando create-admin',
  'data_request.create': 'Solicitud de corrección o de cierre de cuenta (Ley 81)',
  'data_request.list': 'Lista de solicitudes de corrección y cierre',
  'data_request.accept': 'Solicitud de corrección o cierre aceptada',
  'data_request.refuse': 'Solicitud de corrección o cierre rechazada',
  'account.close': 'Cuenta cerrada y datos de identidad anonimizados',
  'auth.passkey_registered': 'Llave de acceso registrada',
  'auth.passkey_removed': 'Llave de acceso eliminada',
  'auth.passkey_login': 'Inicio de sesión con llave de acceso',
  'auth.passkey_failed': 'Llave de acceso rechazada',
  'video.consent': 'Consentimiento de videoconsulta aceptado',
  'video.turn': 'Credenciales del relé para una videollamada',
  'video.call_start': 'Inicio de una videollamada',
  'video.call_end': 'Fin de una videollamada',
  'whatsapp.consent': 'Consentimiento de avisos por WhatsApp aceptado',
  'whatsapp.revoke': 'Consentimiento de avisos por WhatsApp retirado',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, string> = {
  success: 'Correcto',
  failure: 'Fallido',
  denied: 'Rechazado',
};
export const AUDIT_ROLE_LABELS: Record<AuditRole, string> = {
  patient: 'Paciente',
  admin: 'Administrador',
  doctor: 'Médico',
  anonymous: 'Sin sesión',
};

/** Filters of the audit screen: by patient, by staff member (or any account), and the page. */
export const auditQuerySchema = lazySchema(() => z.object({
  patient_id: z.optional(safeText().check(z.uuid(messages.invalidRequest))),
  actor_id: z.optional(safeText().check(z.uuid(messages.invalidRequest))),
  cursor: z.optional(safeText().check(z.regex(/^\d{1,19}$/, messages.pageCursorInvalid))),
  limit: pageSizeField,
}));
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRowSchema = lazySchema(() => z.object({
  id: z.number(),
  at: z.string(),
  actor_role: z.enum(AUDIT_ROLES),
  actor_id: z.nullable(z.string()),
  actor_correo: z.nullable(z.string()),
  action: z.string(),
  resource_type: z.nullable(z.string()),
  resource_id: z.nullable(z.string()),
  patient_id: z.nullable(z.string()),
  /** The patient's name, when the row names a patient that exists. */
  paciente: z.nullable(z.string()),
  outcome: z.enum(AUDIT_OUTCOMES),
  status_code: z.nullable(z.number()),
  method: z.nullable(z.string()),
  path: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  detail: z.nullable(z.string()),
}));
export type AuditRow = z.infer<typeof auditRowSchema>;

/** The staff accounts the audit screen filters by. */
export const auditStaffSchema = lazySchema(() => z.object({
  id: z.string(),
  role: z.enum(['admin', 'doctor']),
  nombre: z.string(),
  apellido: z.string(),
  correo: z.string(),
}));
export type AuditStaff = z.infer<typeof auditStaffSchema>;
