import type { PageRoute } from '@clinica/shared';

export interface MenuLink {
  to: string;
  label: string;
}

/** The header menu of each route group; `signedIn` links show only with the group's session. */
export const MENUS: Record<'site' | 'admin' | 'doctor', { always: MenuLink[]; signedIn: MenuLink[] }> = {
  site: {
    always: [
      { to: '/', label: 'Inicio' },
      { to: '/medicina-general', label: 'Medicina General' },
      { to: '/psicologia', label: 'Psicología' },
      { to: '/consultas-virtuales', label: 'Consultas Virtuales' },
      { to: '/citas', label: 'Citas Presenciales' },
      { to: '/noticias', label: 'Noticias' },
    ],
    signedIn: [
      { to: '/Usuarios', label: 'Mi perfil' },
      { to: '/Consultas', label: 'Mis consultas' },
      { to: '/Citas_usuario', label: 'Mis citas' },
      { to: '/Recibo_pagos', label: 'Mis recibos' },
      { to: '/Documentos_usuario', label: 'Mis documentos' },
      { to: '/Sugerencias', label: 'Sugerencias' },
    ],
  },
  admin: {
    always: [{ to: '/Admin', label: 'Inicio' }],
    signedIn: [
      { to: '/Consultas_Admin', label: 'Consultas' },
      { to: '/Citas_Admin', label: 'Citas' },
      { to: '/Recibo_Admin', label: 'Recibos' },
      { to: '/PacientesDataAdmin', label: 'Pacientes' },
      { to: '/Sugerencias_Admin', label: 'Sugerencias' },
      { to: '/Noticias_Admin', label: 'Noticias' },
      { to: '/Blog_Admin', label: 'Blog' },
      { to: '/Gallery', label: 'Galería' },
      { to: '/UploadForm', label: 'Subir imágenes' },
      { to: '/Patrocinadores_Admin', label: 'Patrocinadores' },
      { to: '/Correos_Admin', label: 'Correos' },
      { to: '/Auditoria_Admin', label: 'Auditoría' },
    ],
  },
  doctor: {
    always: [{ to: '/AdminDoctor', label: 'Inicio' }],
    signedIn: [
      { to: '/Citas_Admin_Doctor', label: 'Citas' },
      { to: '/Consultas_Admin_Doctor', label: 'Consultas' },
      { to: '/Chat_Doctor', label: 'Chats' },
      { to: '/Fecha_Admin_Doctor', label: 'Fechas no disponibles' },
      { to: '/Certif_Salud', label: 'Certificado de salud' },
      { to: '/Solic_Examenes', label: 'Solicitud de exámenes' },
      { to: '/HistoriaClinica', label: 'Historia clínica' },
      { to: '/RefMedicas', label: 'Referencias médicas' },
      { to: '/Recetarios', label: 'Recetarios' },
      { to: '/CertificadoIncapacidad', label: 'Certificado de incapacidad' },
      { to: '/Firma_Admin_Doctor', label: 'Mi firma' },
    ],
  },
};

export const menuOf = (group: PageRoute['group']) => (group === 'admin' ? MENUS.admin : group === 'doctor' ? MENUS.doctor : MENUS.site);
