import type { PageRoute } from '@clinica/shared';

export interface MenuLink {
  to: string;
  /** The link's text: a key of the `frame` namespace's `menu` (app/locales). */
  label: string;
}

/**
 * The header menu of each route group; `signedIn` links show only with the group's session, and
 * `more` (staff pages used now and then) sits behind one "Más" menu button so the menu keeps to
 * one line at 1366 px (issue 23, item 8; decision 0045).
 */
export const MENUS: Record<'site' | 'admin' | 'doctor', { always: MenuLink[]; signedIn: MenuLink[]; more: MenuLink[] }> = {
  site: {
    always: [
      { to: '/', label: 'home' },
      { to: '/medicina-general', label: 'medicinaGeneral' },
      { to: '/psicologia', label: 'psicologia' },
      { to: '/consultas-virtuales', label: 'consultasVirtuales' },
      { to: '/citas', label: 'citasPresenciales' },
      { to: '/noticias', label: 'noticias' },
    ],
    signedIn: [
      { to: '/Usuarios', label: 'perfil' },
      { to: '/Consultas', label: 'misConsultas' },
      { to: '/Citas_usuario', label: 'misCitas' },
      { to: '/Recibo_pagos', label: 'misRecibos' },
      { to: '/Documentos_usuario', label: 'misDocumentos' },
      { to: '/Sugerencias', label: 'sugerencias' },
    ],
    more: [],
  },
  admin: {
    always: [{ to: '/Admin', label: 'home' }],
    signedIn: [
      { to: '/Consultas_Admin', label: 'consultas' },
      { to: '/Citas_Admin', label: 'citas' },
      { to: '/Recibo_Admin', label: 'recibos' },
      { to: '/PacientesDataAdmin', label: 'pacientes' },
      { to: '/Sugerencias_Admin', label: 'sugerencias' },
    ],
    more: [
      // First behind "Más": in the menu's line it pushed the account's buttons to a third header row at 1366 px (decision 0057).
      { to: '/Estadisticas_Admin', label: 'estadisticas' },
      { to: '/Documentos_Admin', label: 'documentosSinVincular' },
      { to: '/Noticias_Admin', label: 'noticias' },
      { to: '/Blog_Admin', label: 'blog' },
      { to: '/Gallery', label: 'galeria' },
      { to: '/UploadForm', label: 'subirImagenes' },
      { to: '/Patrocinadores_Admin', label: 'patrocinadores' },
      { to: '/Correos_Admin', label: 'correos' },
      { to: '/Auditoria_Admin', label: 'auditoria' },
      { to: '/Personal_Admin', label: 'personal' },
      { to: '/Solicitudes_Datos_Admin', label: 'solicitudesDatos' },
      { to: '/Perfiles_Medicos_Admin', label: 'perfilesMedicos' },
      { to: '/Seguridad_Admin', label: 'seguridad' },
    ],
  },
  doctor: {
    always: [{ to: '/AdminDoctor', label: 'home' }],
    signedIn: [
      { to: '/Citas_Admin_Doctor', label: 'citas' },
      { to: '/Consultas_Admin_Doctor', label: 'consultas' },
      { to: '/Chat_Doctor', label: 'chats' },
      { to: '/Fecha_Admin_Doctor', label: 'fechas' },
    ],
    more: [
      { to: '/Certif_Salud', label: 'certifSalud' },
      { to: '/Solic_Examenes', label: 'solicExamenes' },
      { to: '/HistoriaClinica', label: 'historiaClinica' },
      { to: '/RefMedicas', label: 'refMedicas' },
      { to: '/Recetarios', label: 'recetarios' },
      { to: '/CertificadoIncapacidad', label: 'certifIncapacidad' },
      { to: '/Perfil_Admin_Doctor', label: 'perfilMedico' },
      { to: '/Firma_Admin_Doctor', label: 'firma' },
      { to: '/Seguridad_Doctor', label: 'seguridad' },
    ],
  },
};

export const menuOf = (group: PageRoute['group']) => (group === 'admin' ? MENUS.admin : group === 'doctor' ? MENUS.doctor : MENUS.site);
