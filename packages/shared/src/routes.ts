import type { Access, Role } from './roles.js';
import type { FrameMessageKey } from './messages-frame.js';

/**
 * Every page of both specifications, letter for letter, with its gate.
 * `deniedMessage` and `deniedRedirect` are what the page shows and where it goes without the
 * role's session (docs/spec/patient-and-public.md section 2, docs/spec/staff.md section 4).
 */
export interface PageRoute {
  path: string;
  access: Access;
  group: 'public' | 'patient' | 'admin' | 'doctor';
  deniedMessage?: FrameMessageKey;
  deniedRedirect?: string;
}

const patient = (path: string, deniedMessage: FrameMessageKey = 'loginRequiredConsultations'): PageRoute => ({
  path,
  access: 'patient',
  group: 'patient',
  deniedMessage,
  deniedRedirect: '/',
});
const admin = (path: string): PageRoute => ({
  path,
  access: 'admin',
  group: 'admin',
  deniedMessage: 'loginRequiredConsultations',
  deniedRedirect: '/Admin',
});
const doctor = (path: string): PageRoute => ({
  path,
  access: 'doctor',
  group: 'doctor',
  deniedMessage: 'loginRequiredConsultations',
  deniedRedirect: '/AdminDoctor',
});
const open = (path: string, group: PageRoute['group'] = 'public'): PageRoute => ({ path, access: 'anonymous', group });

export const PAGE_ROUTES: readonly PageRoute[] = [
  open('/'),
  open('/medicina-general'),
  open('/psicologia'),
  open('/noticias'),
  open('/Login'),
  open('/Registro'),
  open('/preguntas-frecuentes'),
  open('/confidencialidad'),
  // password recovery (issue 13): `?cuenta=admin|doctor` for staff accounts
  open('/recuperar-contrasena'),
  open('/restablecer-contrasena'),
  // e-mail verification link (issue 18): open to anyone, the link may be opened in another browser
  open('/verificar-correo'),
  // a reminder's confirm-attendance link (issue 24, decision 0052): no sign-in, like the one above
  open('/confirmar-asistencia'),
  patient('/consultas-virtuales'),
  { ...patient('/ConsultaChat'), deniedMessage: 'chatNotAllowed' },
  { ...patient('/metodo-pago'), deniedMessage: 'paymentSessionRequired' },
  { ...patient('/pagos'), deniedMessage: 'paymentSessionRequired' },
  patient('/citas'),
  patient('/Sugerencias', 'loginRequiredSuggestions'),
  patient('/sugerencias', 'loginRequiredSuggestions'),
  patient('/Usuarios'),
  patient('/Consultas'),
  patient('/Citas_usuario'),
  patient('/Recibo_pagos'),
  patient('/Documentos_usuario'),
  open('/Admin', 'admin'),
  open('/Login_Admin', 'admin'),
  open('/Registro_Admin', 'admin'),
  admin('/Consultas_Admin'),
  admin('/Citas_Admin'),
  admin('/Recibo_Admin'),
  admin('/PacientesDataAdmin'),
  admin('/Sugerencias_Admin'),
  admin('/Noticias_Admin'),
  admin('/Blog_Admin'),
  admin('/Gallery'),
  admin('/UploadForm'),
  // Sponsors of the banner areas: the product's own admin screen (issue 7, see docs/decisions).
  admin('/Patrocinadores_Admin'),
  admin('/Correos_Admin'),
  // The audit trail of accesses to patients' data: the product's own admin screen (issue 6).
  admin('/Auditoria_Admin'),
  // Medical documents bound to no patient account, linked after a cédula check (issue 18).
  admin('/Documentos_Admin'),
  // Two-factor sign-in of staff: enrolment and recovery codes (issue 11).
  admin('/Seguridad_Admin'),
  // Staff accounts: approval, deactivation and invitations (issue 18, docs/decisions/0025).
  admin('/Personal_Admin'),
  // Ley 81 correction and account-closing requests of patients (issue 18, decision 0028).
  admin('/Solicitudes_Datos_Admin'),
  // The doctors' profiles, the identity printed on their documents (issue 22, decision 0041).
  admin('/Perfiles_Medicos_Admin'),
  // The administrators' dashboard (issue 26, item 4, decision 0057).
  admin('/Estadisticas_Admin'),
  open('/AdminDoctor', 'doctor'),
  open('/Login_Admin_Doctor', 'doctor'),
  open('/Registro_Admin_Doctor', 'doctor'),
  doctor('/Citas_Admin_Doctor'),
  doctor('/Consultas_Admin_Doctor'),
  // The doctor's chats with their patients: the product's own screen (issue 4).
  doctor('/Chat_Doctor'),
  doctor('/Fecha_Admin_Doctor'),
  doctor('/Certif_Salud'),
  doctor('/Solic_Examenes'),
  doctor('/HistoriaClinica'),
  doctor('/RefMedicas'),
  doctor('/Recetarios'),
  doctor('/CertificadoIncapacidad'),
  doctor('/Firma_Admin_Doctor'),
  // The doctor's own profile: name, title, speciality and registration on documents (issue 22).
  doctor('/Perfil_Admin_Doctor'),
  // Two-factor sign-in of staff (issue 11).
  doctor('/Seguridad_Doctor'),
  open('/verificar-documento'),
  // The page an invitation link opens: the invitee sets name and password (issue 18).
  open('/Invitacion_Personal'),
];

/** Where the footer is hidden (docs/spec/patient-and-public.md: admin pages, /pagos, /ConsultaChat). */
export const isFooterHidden = (path: string) => {
  const route = PAGE_ROUTES.find((r) => r.path === path);
  return path === '/pagos' || path === '/ConsultaChat' || route?.group === 'admin' || route?.group === 'doctor';
};

/** Each role's session check (GET): a gated page asks it as it opens, then every minute. */
export const SESSION_ROUTES: Record<Role, string> = {
  patient: '/api/auth/session',
  admin: '/api/admin/session',
  doctor: '/api/doctor/session',
};

/**
 * The session check as the web app sends it. `activo`: the person did something since the previous
 * check (only then does the server restart its idle clock); a page's first check always says 1
 * (apps/web/src/lib/activity.ts). The server names that first check in a gated page's preload hints
 * (apps/server/src/infra/web.ts), so its answer travels beside the entry instead of after it.
 */
export const sessionCheckPath = (role: Role, activo: boolean) => `${SESSION_ROUTES[role]}?activo=${activo ? 1 : 0}`;
