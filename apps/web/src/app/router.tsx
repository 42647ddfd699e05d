import { Fragment, createElement, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from '../lib/router.js';
import { PAGE_ROUTES, type PageRoute, type Role } from '@clinica/shared';
import { getSessionQueryOptions } from '../features/auth/api/get-session.js';
import { startGet } from '../lib/api-client.js';
import { queryClient } from '../lib/query-client.js';
import { preloadNamespaces } from '../lib/i18n.js';
import type { RouteHandle } from './current-route.js';
import { Gate } from './gate.js';
import { RootLayout } from './layout/root-layout.js';

type Page = ComponentType;

const loaders = new Map<Page, () => Promise<unknown>>();

/**
 * A page loaded on first visit from a module's named export. `namespaces`: the catalogues it shows
 * (lib/i18n.ts), fetched together with its chunk so the page does not suspend again for its text.
 * Every page also gets the shared message catalogue, except the public pages (`publicPage`), which
 * show only the frame's messages (useFrameMessages) and keep it out of their first load (decision 0015).
 *
 * Not React.lazy: a lazy component suspends on its first render even when its chunk is already in,
 * and React reveals suspended content no sooner than 300 ms after the fallback it replaced. The
 * first page is loaded before the first render (main.tsx awaits firstPageReady), so it renders at
 * once; a page reached later suspends until its chunk and catalogues are in, as a lazy one would.
 *
 * `data`: the page's first GETs (`prefetch` below), started with its chunk, not after it has
 * rendered. The server names the page's chunk, data modules and catalogues in modulepreload hints
 * of the page's index.html (route-preloads.ts reads this table: keep each route on ONE line).
 */
const page = <K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  namespaces: string[] = [],
  { withMessages = true, data = [] }: { withMessages?: boolean; data?: (() => Promise<unknown>)[] } = {},
): Page => {
  const catalogues = withMessages ? ['messages', ...namespaces] : namespaces;
  let loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const loadAll = () =>
    (pending ??= Promise.all([load(), preloadNamespaces(catalogues), ...data.map((d) => d().catch(() => undefined))]).then(
      ([module]) => {
        loaded = module[name];
      },
      (error: unknown) => {
        failure = { error };
      },
    ));
  function LoadedPage() {
    if (failure) throw failure.error;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense: the page's boundary waits for its chunk
    if (!loaded) throw loadAll();
    return createElement(loaded);
  }
  loaders.set(LoadedPage, loadAll);
  return LoadedPage;
};
const publicPage = <K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K, namespaces: string[]) =>
  page(load, name, namespaces, { withMessages: false });

/**
 * A page's first GET, from its feature's query options (api/ module: a small chunk of its own, in the
 * page's preload hints), so the request leaves as soon as the entry runs, beside the session check,
 * instead of after the page's chunk, catalogues and first render. Run when the page is first loaded
 * (the address the app opens on: at start). A signed-out visitor's GET is refused (401) and the page's
 * gate shows the sign-in; the page then asks again (a failed query is fetched again on mount).
 */
const prefetch =
  <M,>(load: () => Promise<M>, start: (module: M) => Promise<void>, get?: string) =>
  () => {
    // `get`: the exact path the module's query asks for. Sent at once from the entry (lib/api-client.ts
    // `startGet`), its round trip runs beside the module's download (the shared schemas, zod and the
    // catalogue: about 45 kB on a phone) instead of after it; the query then takes that answer.
    if (get !== undefined) startGet(get);
    return load().then(start);
  };

// =================================================================================================
// PAGES: route path (exactly as in PAGE_ROUTES, packages/shared/src/routes.ts) -> its page.
// Features register their page here with ONE line; the gate (who may open it, the refusal's alert
// and redirect) comes from PAGE_ROUTES and wraps the page automatically. A route without a page
// shows NotAvailablePage.
// =================================================================================================
// The two notices are rare: they load when shown, not with every first page.
const NotAvailablePage = page(() => import('./not-available-page.js'), 'NotAvailablePage');
const NotFoundPage = page(() => import('./not-found-page.js'), 'NotFoundPage');

const home = publicPage(() => import('../features/site/components/home-page.js'), 'HomePage', ['site']);
const PAGES: Record<string, Page> = {
  // site: public content (/Login and /Registro open their pop-up over the home page)
  '/': home,
  '/Login': home,
  '/Registro': home,
  '/medicina-general': publicPage(() => import('../features/site/components/medicina-general-page.js'), 'MedicinaGeneralPage', ['site']),
  '/psicologia': publicPage(() => import('../features/site/components/psicologia-page.js'), 'PsicologiaPage', ['site']),
  '/preguntas-frecuentes': publicPage(() => import('../features/site/components/faq-page.js'), 'FaqPage', ['site', 'site_faq']),
  '/confidencialidad': publicPage(() => import('../features/site/components/confidencialidad-page.js'), 'ConfidencialidadPage', ['site', 'site_privacy']),
  '/Admin': page(() => import('./composed/staff-welcome-pages.js'), 'AdminHomePage', ['site']),
  '/AdminDoctor': page(() => import('./composed/staff-welcome-pages.js'), 'DoctorHomePage', ['site']),
  // auth: staff login and registration
  '/Login_Admin': page(() => import('../features/auth/components/staff-login-page.js'), 'AdminLoginPage', ['auth']),
  '/Registro_Admin': page(() => import('../features/auth/components/staff-registration-page.js'), 'AdminRegistrationPage', ['auth']),
  '/Login_Admin_Doctor': page(() => import('../features/auth/components/staff-login-page.js'), 'DoctorLoginPage', ['auth']),
  '/Registro_Admin_Doctor': page(() => import('../features/auth/components/staff-registration-page.js'), 'DoctorRegistrationPage', ['auth']),
  '/Seguridad_Admin': page(() => import('../features/auth/components/two-factor-page.js'), 'AdminSecurityPage', ['auth']),
  '/Seguridad_Doctor': page(() => import('../features/auth/components/two-factor-page.js'), 'DoctorSecurityPage', ['auth']),
  // staff accounts: approval, deactivation, invitations (issue 18)
  '/Personal_Admin': page(() => import('../features/staff-accounts/components/staff-accounts-page.js'), 'StaffAccountsPage', ['staff-accounts']),
  '/Invitacion_Personal': page(() => import('../features/staff-accounts/components/invitation-page.js'), 'InvitationPage', ['staff-accounts']),
  // news, gallery, sponsors: publishing (issue 7)
  '/noticias': publicPage(() => import('../features/news/components/news-page.js'), 'NewsPage', ['news']),
  '/Noticias_Admin': page(() => import('../features/news/components/news-admin-page.js'), 'NewsAdminPage', ['news']),
  '/Blog_Admin': page(() => import('../features/news/components/blog-admin-page.js'), 'BlogAdminPage', ['news']),
  '/Gallery': page(() => import('../features/gallery/components/gallery-page.js'), 'GalleryPage', ['gallery']),
  '/UploadForm': page(() => import('../features/gallery/components/upload-form-page.js'), 'UploadFormPage', ['gallery']),
  '/Patrocinadores_Admin': page(() => import('../features/sponsors/components/sponsors-admin-page.js'), 'SponsorsAdminPage', ['sponsors']),
  // consultations, payments, staff review, patient receipts (issue 3)
  '/consultas-virtuales': page(() => import('./composed/virtual-consultation-page.js'), 'VirtualConsultationPage', ['consultations', 'payments'], { data: [prefetch(() => import('../features/consultations/api/get-active-consultations.js'), (m) => queryClient.prefetchQuery(m.getActiveConsultationsQueryOptions()), '/api/consultations/active'), prefetch(() => import('../features/consultations/api/get-consultation-session.js'), (m) => queryClient.prefetchQuery(m.getConsultationSessionQueryOptions()), '/api/consultations/session')] }),
  '/Consultas_Admin': page(() => import('../features/staff-review/components/consultations-admin-page.js'), 'ConsultasAdminPage', ['staff-review'], { data: [prefetch(() => import('../features/staff-review/api/get-admin-consultations.js'), (m) => queryClient.prefetchQuery(m.getAdminConsultationsQueryOptions(null, undefined)), '/api/admin/consultations')] }),
  '/Recibo_Admin': page(() => import('../features/staff-review/components/receipts-admin-page.js'), 'ReciboAdminPage', ['staff-review']),
  '/Recibo_pagos': page(() => import('../features/patient-area/components/receipts-page.js'), 'ReciboPagosPage', ['patient-area'], { data: [prefetch(() => import('../features/patient-area/api/get-receipts.js'), (m) => queryClient.prefetchQuery(m.getReceiptsQueryOptions()), '/api/receipts')] }),
  // password recovery and the administrators' e-mail page (issue 13)
  '/recuperar-contrasena': page(() => import('../features/password-recovery/components/forgot-password-page.js'), 'ForgotPasswordPage', ['password-recovery']),
  '/restablecer-contrasena': page(() => import('../features/password-recovery/components/reset-password-page.js'), 'ResetPasswordPage', ['password-recovery']),
  '/verificar-correo': page(() => import('../features/email-verification/components/verify-email-page.js'), 'VerifyEmailPage', ['email-verification']),
  '/Correos_Admin': page(() => import('../features/outbox/components/outbox-admin-page.js'), 'OutboxAdminPage', ['outbox']),
  // documents: the six PDF medical documents, the doctor's signature, the patient's copies, verification (issue 8)
  '/Certif_Salud': page(() => import('../features/documents/components/document-pages.js'), 'CertifSaludPage', ['documents']),
  '/Solic_Examenes': page(() => import('../features/documents/components/document-pages.js'), 'SolicExamenesPage', ['documents']),
  '/HistoriaClinica': page(() => import('../features/documents/components/document-pages.js'), 'HistoriaClinicaPage', ['documents']),
  '/RefMedicas': page(() => import('../features/documents/components/document-pages.js'), 'RefMedicasPage', ['documents']),
  '/Recetarios': page(() => import('../features/documents/components/document-pages.js'), 'RecetariosPage', ['documents']),
  '/CertificadoIncapacidad': page(() => import('../features/documents/components/document-pages.js'), 'CertificadoIncapacidadPage', ['documents']),
  '/Firma_Admin_Doctor': page(() => import('../features/documents/components/signature-page.js'), 'SignaturePage', ['documents']),
  // the doctor's identity on documents (issue 22, decision 0041)
  '/Perfil_Admin_Doctor': page(() => import('../features/doctor-profile/components/doctor-profile-page.js'), 'DoctorProfilePage', ['doctor-profile']),
  '/Perfiles_Medicos_Admin': page(() => import('../features/doctor-profile/components/admin-doctor-profiles-page.js'), 'AdminDoctorProfilesPage', ['doctor-profile']),
  '/Documentos_usuario': page(() => import('../features/documents/components/patient-documents-page.js'), 'PatientDocumentsPage', ['documents']),
  '/verificar-documento': page(() => import('../features/documents/components/verify-page.js'), 'VerifyDocumentPage', ['documents']),
  // records: the patient's profile and consultations, suggestions, the doctors' review, patients and audit (issue 6)
  '/Usuarios': page(() => import('./composed/profile-page.js'), 'ProfilePage', ['records', 'data-requests']),
  '/Consultas': page(() => import('./composed/consultations-list-page.js'), 'ConsultasPage', ['records', 'consultations'], { data: [prefetch(() => import('../features/records/api/get-my-consultations.js'), (m) => queryClient.prefetchQuery(m.getMyConsultationsQueryOptions()), '/api/consultations')] }),
  '/Sugerencias': page(() => import('../features/suggestions/components/suggestions-page.js'), 'SugerenciasPage', ['suggestions']),
  '/Sugerencias_Admin': page(() => import('../features/suggestions/components/suggestions-admin-page.js'), 'SugerenciasAdminPage', ['suggestions']),
  '/Consultas_Admin_Doctor': page(() => import('../features/doctor-consultations/components/doctor-consultations-page.js'), 'ConsultasAdminDoctorPage', ['doctor-consultations'], { data: [prefetch(() => import('../features/doctor-consultations/api/get-doctor-consultations.js'), (m) => queryClient.prefetchQuery(m.getDoctorConsultationsQueryOptions(null, undefined)), '/api/doctor/consultations')] }),
  '/PacientesDataAdmin': page(() => import('../features/patients-admin/components/patients-admin-page.js'), 'PacientesDataAdminPage', ['patients-admin']),
  '/Documentos_Admin': page(() => import('../features/documents/components/unlinked-documents-page.js'), 'UnlinkedDocumentsPage', ['documents']),
  // the administrators' dashboard: charts with their tables and CSV, Chart.js in this page's chunk only (issue 26, decision 0057)
  '/Estadisticas_Admin': page(() => import('../features/dashboard/components/dashboard-page.js'), 'EstadisticasAdminPage'),
  '/Auditoria_Admin': page(() => import('../features/audit/components/audit-admin-page.js'), 'AuditoriaAdminPage', ['audit']),
  // Ley 81 correction and closing requests (issue 18, decision 0028)
  '/Solicitudes_Datos_Admin': page(() => import('../features/data-requests/components/data-requests-admin-page.js'), 'SolicitudesDatosAdminPage', ['data-requests']),
  // in-person appointments (issue 5)
  '/citas': page(() => import('./composed/appointment-page.js'), 'CitasPage', ['appointments', 'payments']),
  // a reminder's one-tap confirm link (issue 24, decision 0052): no sign-in
  '/confirmar-asistencia': page(() => import('../features/appointments/components/confirm-attendance-page.js'), 'ConfirmAttendancePage', ['appointments']),
  '/Citas_usuario': page(() => import('../features/appointments/components/my-appointments-page.js'), 'CitasUsuarioPage', ['appointments'], { data: [prefetch(() => import('../features/appointments/api/get-my-appointments.js'), (m) => queryClient.prefetchQuery(m.getMyAppointmentsQueryOptions(undefined)), '/api/appointments')] }),
  '/Citas_Admin_Doctor': page(() => import('../features/appointments/components/doctor-appointments-page.js'), 'CitasAdminDoctorPage', ['appointments']),
  '/Fecha_Admin_Doctor': page(() => import('../features/appointments/components/unavailable-dates-page.js'), 'FechaAdminDoctorPage', ['appointments']),
  '/Citas_Admin': page(() => import('../features/appointments/components/admin-appointments-page.js'), 'CitasAdminPage', ['appointments']),
  // chat consultation: the patient's chat, the extra hour's payment pages, the doctor's chats (issue 4)
  '/ConsultaChat': page(() => import('./composed/chat-pages.js'), 'ChatConsultationPage', ['chat', 'payments'], { data: [prefetch(() => import('../features/chat/api/get-chat-session.js'), (m) => queryClient.prefetchQuery(m.getChatSessionQueryOptions(new URLSearchParams(window.location.search).get('consulta') ?? undefined)))] }),
  '/pagos': page(() => import('./composed/extra-hour-payment-page.js'), 'PagosPage', ['chat', 'payments']),
  '/metodo-pago': page(() => import('./composed/extra-hour-payment-page.js'), 'PagosPage', ['chat', 'payments']),
  '/Chat_Doctor': page(() => import('../features/chat/components/doctor-chats-page.js'), 'DoctorChatsPage', ['chat']),
  // Later features: add '/path': page(() => import('../features/<name>/components/<x>-page.js'), 'XPage'),
};
// =================================================================================================

/** The page of a route; an alias that differs only in case (/sugerencias) uses the same page. */
const pageFor = (path: string): Page | undefined =>
  PAGES[path] ?? Object.entries(PAGES).find(([p]) => p.toLowerCase() === path.toLowerCase())?.[1];

// The page of the address the app opens on starts loading now, and so does the session check a
// gated page waits for, rather than after the first render. main.tsx renders once both are in
// (or after a short wait on a slow network): the first page then renders without suspending.
export let firstPageReady: Promise<unknown> = Promise.resolve();
if (typeof window !== 'undefined') {
  const first = pageFor(window.location.pathname);
  const gated = PAGE_ROUTES.find((r) => r.path.toLowerCase() === window.location.pathname.toLowerCase() && r.access !== 'anonymous');
  firstPageReady = Promise.all([
    first ? loaders.get(first)?.() : undefined,
    gated ? queryClient.prefetchQuery(getSessionQueryOptions(gated.access as Role)) : undefined,
  ]).catch(() => undefined);
}

/** A route's element: its page (or the notice), inside the route's gate when it has one. */
function routeElement(route: PageRoute) {
  const Page = pageFor(route.path);
  const content = Page ? <Page /> : <NotAvailablePage />;
  return route.access === 'anonymous' ? (
    <Fragment key={route.path}>{content}</Fragment>
  ) : (
    <Gate key={route.path} route={route}>
      {content}
    </Gate>
  );
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...PAGE_ROUTES.map((route) => ({
        path: route.path,
        handle: { route } satisfies RouteHandle,
        element: routeElement(route),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// Declarative mode (useRoutes in a BrowserRouter) rather than createBrowserRouter: the app uses no
// loaders or actions, and the data router costs about 17 kB gzip on every first page load.
/** The app's routes, inside app.tsx's BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
