import type { PageRoute } from '@clinica/shared';

/** The routes docs/spec/staff.md lists where both sponsor banner areas are hidden, letter for letter. */
export const SPEC_SPONSOR_HIDDEN_PATHS = [
  '/admin',
  '/Admin',
  '/Consultas_Admin',
  '/Citas_Admin',
  '/PacientesDataAdmin',
  '/Sugerencias_Admin',
  '/Login_Admin',
  '/Registro_Admin',
  '/Noticias_Admin',
  '/Blog_Admin',
] as const;

/**
 * Whether the banner areas are hidden on a page: the specification's list, every other
 * administrator and doctor page, and the two pages that keep the person on one task
 * (/pagos without header, /ConsultaChat with only the logo). See docs/decisions.
 */
export const sponsorAreasHidden = (route: Pick<PageRoute, 'path' | 'group'>) =>
  route.group === 'admin' ||
  route.group === 'doctor' ||
  (SPEC_SPONSOR_HIDDEN_PATHS as readonly string[]).includes(route.path) ||
  route.path === '/pagos' ||
  route.path === '/ConsultaChat';
