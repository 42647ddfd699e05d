import { appointmentsPlugin } from './modules/appointments/index.js';
import { remindersPlugin } from './modules/reminders/index.js';
import { calendarPlugin } from './modules/calendar/index.js';
import { auditLogPlugin, auditTrailPlugin } from './modules/audit/index.js';
import { authPlugin } from './modules/auth/index.js';
import { backupsPlugin } from './modules/backups/index.js';
import { chatPlugin } from './modules/chat/index.js';
import { consultationsPlugin } from './modules/consultations/index.js';
import { dashboardPlugin } from './modules/dashboard/index.js';
import { dataRequestsPlugin } from './modules/data-requests/index.js';
import { doctorConsultationsPlugin } from './modules/doctor-consultations/index.js';
import { doctorsPlugin } from './modules/doctors/index.js';
import { doctorProfilePlugin } from './modules/doctor-profile/index.js';
import { documentsPlugin } from './modules/documents/index.js';
import { emailVerificationPlugin } from './modules/email-verification/index.js';
import { galleryPlugin } from './modules/gallery/index.js';
import { healthPlugin } from './modules/health/index.js';
import { mailerPlugin, mailPlugin } from './modules/mail/index.js';
import { mediaPlugin } from './modules/media/index.js';
import { newsPlugin } from './modules/news/index.js';
import { notificationChannelsPlugin } from './modules/notification-channels/index.js';
import { passkeysPlugin } from './modules/passkeys/index.js';
import { passwordRecoveryPlugin } from './modules/password-recovery/index.js';
import { patientsAdminPlugin } from './modules/patients-admin/index.js';
import { paymentsPlugin } from './modules/payments/index.js';
import { recordsPlugin } from './modules/records/index.js';
import { sitePlugin } from './modules/site/index.js';
import { sponsorsPlugin } from './modules/sponsors/index.js';
import { staffAccountsPlugin } from './modules/staff-accounts/index.js';
import { suggestionsPlugin } from './modules/suggestions/index.js';
import { twoFactorPlugin } from './modules/two-factor/index.js';
import { videoPlugin } from './modules/video/index.js';

/**
 * Every module's plugin, in the order app.ts registers them (after the sessions plugin and the
 * realtime hub). Each declares its dependencies (fastify-plugin refuses to start when one was not
 * registered before it), so this order is checked, not just hoped for.
 *
 * First the capabilities every route rests on: the mail queue (`app.notify`), the audit trail
 * (`app.audit` and its hooks) and two-factor sign-in, whose gate reaches only the routes
 * registered after it (an onRoute hook). Then the modules with routes, each after those it uses.
 */
export const MODULE_PLUGINS = [
  mailerPlugin,
  auditTrailPlugin,
  twoFactorPlugin,
  healthPlugin,
  sitePlugin,
  authPlugin,
  emailVerificationPlugin,
  passkeysPlugin,
  doctorsPlugin,
  paymentsPlugin,
  videoPlugin,
  consultationsPlugin,
  chatPlugin,
  appointmentsPlugin,
  remindersPlugin,
  calendarPlugin,
  passwordRecoveryPlugin,
  mailPlugin,
  notificationChannelsPlugin,
  doctorProfilePlugin,
  documentsPlugin,
  mediaPlugin,
  newsPlugin,
  galleryPlugin,
  sponsorsPlugin,
  recordsPlugin,
  suggestionsPlugin,
  doctorConsultationsPlugin,
  patientsAdminPlugin,
  dataRequestsPlugin,
  auditLogPlugin,
  staffAccountsPlugin,
  backupsPlugin,
  dashboardPlugin,
] as const;
