import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { PASSWORD_RESET_TTL_MS, internationalDigits } from '@clinica/shared';
import { secretCore, secretWeakness } from './secret-strength.js';

/**
 * The server's configuration, parsed and validated once at start-up. Nothing else reads
 * process.env (docs/design.md, style 6).
 */

/** Demo secrets: `npm start` uses them so the product runs offline; production refuses them. */
export const DEMO_SECRETS = {
  cookieSecret: 'demo-cookie-secret-not-for-production-0123456789',
  adminRegistrationKey: 'demo-clave-admin',
  doctorRegistrationKey: 'demo-clave-doctor',
  fileEncryptionKey: '00'.repeat(32),
} as const;

/**
 * Every value the repository publishes (README, the demo seed, the PayPal stand-in): a production
 * secret that contains one of them, in any case and with anything around it, is a demo value.
 */
const PUBLISHED_VALUES = [
  ...Object.values(DEMO_SECRETS),
  'Admin-demo-2026',
  'Doctor-demo-2026',
  'Paciente-demo-2026',
  'demo-clinica-client-id',
  'demo-clinica-client-secret',
]
  .map(secretCore)
  .filter((core) => core.length >= 8);

/** The PostgreSQL pool's defaults (DB_POOL_MAX etc.); db/client.ts falls back to them. */
export const DB_POOL_DEFAULTS = {
  max: 10,
  idleTimeoutMs: 30_000,
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
} as const;

/** The metrics port in production when METRICS_PORT is not set (OpenTelemetry's Prometheus exporter's). */
export const METRICS_DEFAULT_PORT = 9464;

/** Default of SESSION_CACHE_TTL_SECONDS when another instance may share the sessions. */
const SHARED_SESSION_CACHE_TTL_SECONDS = 15;

const bankAccountSchema = z.object({ banco: z.string(), tipo: z.string(), numero: z.string(), titular: z.string() });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // An empty PORT means the default, not port 0 (a random port).
  PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // PostgreSQL connection pool of each instance (only with DATABASE_URL; docs/architecture.md,
  // "Several instances"). Instances x DB_POOL_MAX must stay below the server's max_connections.
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(DB_POOL_DEFAULTS.max),
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(DB_POOL_DEFAULTS.idleTimeoutMs),
  DB_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(DB_POOL_DEFAULTS.connectionTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DB_POOL_DEFAULTS.statementTimeoutMs),
  // Redis (infra/redis.ts): chat pub/sub, session revocations and login limits shared by every
  // instance. Absent: all of that stays in this process (one instance). Unreachable at start: the
  // server refuses to start.
  REDIS_URL: z
    .string()
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), 'REDIS_URL debe empezar por redis:// o rediss://')
    .optional(),
  // How long a session held in this instance's memory is trusted before the database is asked
  // again: the safety net behind the revocations published through Redis. Default: 15 s with
  // DATABASE_URL or REDIS_URL (several instances possible), unlimited on PGlite (one process).
  SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  // Where file bytes live (infra/storage.ts): 'local' = DATA_DIR/files on this machine's disk;
  // 'postgres' = a table of the database, shared by every instance (required for several instances).
  STORAGE_DRIVER: z.enum(['local', 'postgres']).default('local'),
  PUBLIC_ORIGIN: z.string().url().optional(),
  COOKIE_SECRET: z
    .string()
    .min(32, 'COOKIE_SECRET debe tener al menos 32 caracteres')
    .default(DEMO_SECRETS.cookieSecret),
  ADMIN_REGISTRATION_KEY: z.string().min(8).default(DEMO_SECRETS.adminRegistrationKey),
  DOCTOR_REGISTRATION_KEY: z.string().min(8).default(DEMO_SECRETS.doctorRegistrationKey),
  FILE_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'FILE_ENCRYPTION_KEY debe ser 32 bytes en hexadecimal (64 caracteres)')
    .default(DEMO_SECRETS.fileEncryptionKey),
  // Keys that encrypted files before the last rotation, comma-separated, newest first: they only
  // decrypt, until `npm run rotate-file-key -w @clinica/server` has moved every file to the current key.
  FILE_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .regex(
      /^(?:[0-9a-f]{64})(?:,[0-9a-f]{64})*$/i,
      'FILE_ENCRYPTION_PREVIOUS_KEYS debe ser una lista de claves de 64 caracteres hexadecimales separadas por comas',
    )
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  // Backups (issue 26, decision 0056). The archive key: 32 bytes in hex, kept apart from the
  // archives (and from FILE_ENCRYPTION_KEY). Without it no backup is written, in any environment:
  // the command refuses and the schedule records a failed run, which the administrators' page shows.
  BACKUP_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'BACKUP_KEY debe ser 32 bytes en hexadecimal (64 caracteres)')
    .optional(),
  BACKUP_DIR: z.string().min(1).default('./backups'),
  // The hour (0-23, Panama time) of the daily backup, or 'off'. Default: 3 in production, off elsewhere.
  BACKUP_SCHEDULE_HOUR: z
    .string()
    .regex(/^(off|\d{1,2})$/, "una hora de 0 a 23, u 'off'")
    .refine((v) => v === 'off' || Number(v) <= 23, "una hora de 0 a 23, u 'off'")
    .optional(),
  // How many archives BACKUP_DIR keeps; the oldest beyond it are deleted after a successful backup.
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How many proxies stand in front (a hop count) or which they are (addresses/CIDRs): only the
  // X-Forwarded-For entries those proxies added are believed (parseTrustProxy).
  TRUST_PROXY: z.string().default('0'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  CLINIC_NAME: z.string().default('Clínica Virtual Panamá'),
  CLINIC_CITY: z.string().default('Ciudad de Panamá'),
  // The medical documents' letterhead (issue 22, item 9): address, phone and a PNG or JPEG logo
  // (a file path; without it the documents carry a drawn mark).
  CLINIC_ADDRESS: z.string().default('Calle 50 y Calle 53 Este, Obarrio, Ciudad de Panamá'),
  CLINIC_PHONE: z.string().default('+507 300-0000'),
  // The rest of the clinic's contact (issue 23, decision 0044), shown in the footer, the home page,
  // the FAQ and every e-mail; the address above is also the .ics LOCATION. The map link must be an
  // OpenStreetMap address (no tracking third party on a patient's page); opening hours are a
  // Spanish text shown as is when set, otherwise the clinic hours the appointments use.
  // With its country code: the wa.me links take its E.164 digits (issue 27, decision 0060), and a
  // number without one would open WhatsApp on a stranger abroad or on nobody.
  CLINIC_WHATSAPP: z
    .string()
    .refine((v) => internationalDigits(v) !== null, 'un número internacional con su código de país, p. ej. +507 6000-0000')
    .default('+507 6000-0000'),
  CLINIC_EMAIL: z.string().email().default('contacto@clinica.demo'),
  CLINIC_MAP_URL: z
    .string()
    .url()
    .refine((u) => /^https:\/\/(www\.)?openstreetmap\.org\//.test(u), 'una dirección https://www.openstreetmap.org/...')
    .default('https://www.openstreetmap.org/?mlat=8.98330&mlon=-79.51960#map=18/8.98330/-79.51960'),
  CLINIC_OPENING_HOURS: z.string().min(1).optional(),
  CLINIC_LOGO: z.string().min(1).optional(),
  // The clinic's digital signature on every medical document (issue 22, item 10): a PKCS#12 file
  // (certificate, chain and key) and its password. Without it, outside production, a self-signed
  // demo certificate is made at start-up; production requires it and refuses the demo one.
  DOCUMENT_SIGNING_P12: z.string().min(1).optional(),
  DOCUMENT_SIGNING_P12_PASSWORD: z.string().default(''),
  CLINIC_BANK_ACCOUNTS: z.string().optional(),
  CLINIC_YAPPY_NUMBER: z.string().default('6000-0000'),
  CLINIC_VIDEO_URLS: z.string().optional(),
  // Floating widgets (issue 9): the music player's embedded playlist and the social bar's two pages.
  CLINIC_PLAYLIST_URL: z
    .string()
    .url()
    .default('https://www.youtube-nocookie.com/embed/ScMzIvxBSi4?playlist=ScMzIvxBSi4,aqz-KE-bpKQ'),
  CLINIC_FACEBOOK_URL: z.string().url().default('https://www.facebook.com/'),
  CLINIC_INSTAGRAM_URL: z.string().url().default('https://www.instagram.com/'),
  // Quotas (issue 19, decision 0030). Holds and registrations default to generous values under
  // NODE_ENV=test only (the API tests book and register many times from one address); their own
  // tests set them.
  // Reminders before a confirmed appointment (issue 24, item 7, decision 0052): the lead times in
  // whole hours, comma-separated, each sent once.
  APPOINTMENT_REMINDER_HOURS: z
    .string()
    .regex(/^\s*\d{1,3}\s*(,\s*\d{1,3}\s*)*$/, 'horas enteras separadas por comas, p. ej. 24,2')
    .default('24,2'),
  // How often each instance looks for due reminders (a reminder goes at most this late).
  APPOINTMENT_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  QUOTA_HELD_APPOINTMENTS_PER_DOCTOR_DAY: z.coerce.number().int().min(1).optional(),
  // Reschedule and no-shows (issue 24, decision 0049): how many hours before its start a patient may
  // still move an appointment; after how many no-shows bookings must be paid at once (0 = never).
  APPOINTMENT_RESCHEDULE_NOTICE_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  APPOINTMENT_NO_SHOW_PREPAY_AFTER: z.coerce.number().int().min(0).max(100).default(2),
  QUOTA_HELD_APPOINTMENTS_TOTAL: z.coerce.number().int().min(1).optional(),
  // Issue 24, item 3 (decision 0050): hours a transfer/Yappy booking holds its slot unapproved.
  APPOINTMENT_HOLD_HOURS: z.coerce.number().positive().max(24 * 30).default(24),
  // Issue 24, item 5 (decision 0050): how long a waitlist offer of a freed hour stays valid, and
  // how many days' waitlists one patient may be on at once.
  APPOINTMENT_WAITLIST_OFFER_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(120),
  APPOINTMENT_WAITLIST_MAX_ENTRIES: z.coerce.number().int().min(1).max(50).default(5),
  QUOTA_REGISTRATIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).optional(),
  /** Requests to the doctors' calendar feeds per client address and hour (decision 0051). */
  QUOTA_CALENDAR_FEED_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).optional(),
  QUOTA_EXAM_FILES_PER_CONSULTATION: z.coerce.number().int().min(1).default(10),
  QUOTA_EXAM_MB_PER_CONSULTATION: z.coerce.number().positive().default(50),
  QUOTA_IMAGES_MB_PER_CONSULTATION: z.coerce.number().positive().default(60),
  QUOTA_ID_IMAGE_MB: z.coerce.number().positive().max(10).default(5),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // Chat messages one sender may send in one consultation: a burst per 10 s, then per minute (issue 19).
  CHAT_SEND_BURST: z.coerce.number().int().min(1).default(20),
  CHAT_SEND_PER_MINUTE: z.coerce.number().int().min(1).default(90),
  // Two-factor sign-in of staff (issue 11): required by default in production, optional otherwise.
  STAFF_2FA_REQUIRED: z.enum(['0', '1']).optional(),
  // E-mail (modules/mail/mailer.plugin.ts). Without SMTP_URL, outside production, messages go to DATA_DIR/outbox.
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'SMTP_URL debe empezar por smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_POLL_MS: z.coerce.number().int().min(100).default(5000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  MAIL_WORKER: z.enum(['0', '1']).default('1'),
  // Browser tests run the server on real time and cannot wait 30 minutes for a reset link to
  // expire. Test-only: production refuses it.
  TEST_ONLY_PASSWORD_RESET_TTL_SECONDS: z.coerce.number().int().min(5).optional(),
  // PayPal (payments module). Without credentials, outside production, the local stand-in is used.
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_BASE: z.string().url().optional(),
  PAYPAL_SDK_URL: z.string().url().optional(),
  // Yappy's payment button v2 (payments module, decision 0058). Without credentials, outside
  // production, the local stand-in is used; production requires the three and refuses the stand-in.
  YAPPY_MERCHANT_ID: z.string().min(1).optional(),
  YAPPY_SECRET_KEY: z.string().min(1).optional(),
  YAPPY_DOMAIN: z.string().url().optional(),
  YAPPY_API_BASE: z.string().url().optional(),
  YAPPY_CDN_URL: z.string().url().optional(),
  YAPPY_ORDER_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  // WhatsApp notices (decision 0059): the WhatsApp Business Cloud API's template messages. Off
  // without WHATSAPP_TOKEN; outside production WHATSAPP_STAND_IN=1 (the default there) mounts the
  // local stand-in at /whatsapp-sandbox instead. Production refuses the stand-in.
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{1,30}$/, 'WHATSAPP_PHONE_NUMBER_ID es el identificador numérico del número de la clínica').optional(),
  WHATSAPP_API_BASE: z.string().url().optional(),
  WHATSAPP_TEMPLATES: z.string().optional(),
  WHATSAPP_STAND_IN: z.enum(['0', '1']).optional(),
  // Metrics (/metrics, Prometheus text; infra/metrics.ts, decision 0055). On their own port, bound to
  // METRICS_HOST (loopback by default, so only this machine's Prometheus or agent reads them):
  // 9464 by default in production, off elsewhere (the demo and the tests run many servers on one
  // machine); `off` turns it off. Or, with METRICS_TOKEN, on the main port to `Authorization: Bearer`.
  METRICS_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, 'un puerto (1-65535) u off')
    .refine((v) => v === 'off' || (Number(v) >= 1 && Number(v) <= 65535), 'un puerto (1-65535) u off')
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN debe tener al menos 32 caracteres').optional(),
  // Browser tests run the server on real time; this lets them request consultations at any hour.
  // Test-only: production refuses to start with it.
  TEST_ONLY_IGNORE_CONSULTATION_HOURS: z.enum(['0', '1']).default('0'),
  // Video consultations (issue 25, decision 0053): on by default; TURN_URLS (comma-separated
  // turn:/turns: URLs of coturn) and TURN_SECRET (coturn's static-auth-secret) give the calls a
  // relay; VIDEO_RELAY_ONLY (default on in production) makes every call go through it.
  VIDEO_ENABLED: z.enum(['0', '1']).default('1'),
  TURN_URLS: z.string().optional(),
  TURN_SECRET: z.string().min(1).optional(),
  VIDEO_RELAY_ONLY: z.enum(['0', '1']).optional(),
  // Browser tests run on real time: this adds a route that moves an appointment to an hour that has
  // already started, so a spec can mark attendance (decision 0049, session 10). Production refuses it.
  TEST_ONLY_APPOINTMENT_BACKDATE: z.enum(['0', '1']).default('0'),
});

export type Config = ReturnType<typeof parseConfig>;

const DEMO_BANK_ACCOUNTS = [
  { banco: 'Banco General', tipo: 'Ahorros', numero: '04-00-00-000000-0', titular: 'Clínica Virtual Panamá (demo)' },
  { banco: 'Banistmo', tipo: 'Corriente', numero: '0100000000', titular: 'Clínica Virtual Panamá (demo)' },
];
const DEMO_VIDEOS = [
  'https://www.youtube-nocookie.com/embed/ScMzIvxBSi4',
  'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
];

/** Where the server mounts its local stand-in of PayPal's REST API and JS SDK (demo only). */
export const PAYPAL_STAND_IN_PATH = '/paypal-sandbox';

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

/**
 * PayPal: real credentials talk to PayPal's REST API ('rest'); none, outside production, means
 * the demo ('stand-in'): the server mounts the local stand-in and nothing is really charged.
 * Production refuses to start without credentials or with addresses of a stand-in.
 */
export function parsePaypal(
  e: Pick<
    z.infer<typeof envSchema>,
    'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_API_BASE' | 'PAYPAL_SDK_URL'
  >,
  production: boolean,
) {
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    throw new Error('Configuración no válida: PAYPAL_CLIENT_ID y PAYPAL_CLIENT_SECRET se configuran juntos');
  }
  if (!e.PAYPAL_CLIENT_ID || !e.PAYPAL_CLIENT_SECRET) {
    if (production) throw new Error('En producción PAYPAL_CLIENT_ID y PAYPAL_CLIENT_SECRET son obligatorios');
    return {
      mode: 'stand-in' as 'stand-in' | 'rest',
      clientId: 'demo-clinica-client-id',
      clientSecret: 'demo-clinica-client-secret',
      apiBase: PAYPAL_STAND_IN_PATH,
      sdkUrl: `${PAYPAL_STAND_IN_PATH}/sdk/js`,
    };
  }
  const apiBase = (
    e.PAYPAL_API_BASE ?? (production ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')
  ).replace(/\/+$/, '');
  const sdkUrl = e.PAYPAL_SDK_URL ?? 'https://www.paypal.com/sdk/js';
  if (production) {
    for (const [name, value] of [
      ['PAYPAL_API_BASE', apiBase],
      ['PAYPAL_SDK_URL', sdkUrl],
    ] as const) {
      const url = new URL(value);
      if (url.protocol !== 'https:' || LOOPBACK.test(url.hostname) || url.pathname.startsWith(PAYPAL_STAND_IN_PATH)) {
        throw new Error(`En producción ${name} debe ser la dirección https de PayPal, no un sustituto local`);
      }
    }
  }
  return {
    mode: 'rest' as 'stand-in' | 'rest',
    clientId: e.PAYPAL_CLIENT_ID,
    clientSecret: e.PAYPAL_CLIENT_SECRET,
    apiBase,
    sdkUrl,
  };
}

/** Where the server mounts its local stand-in of Yappy's button API, web component and notification (demo only). */
export const YAPPY_STAND_IN_PATH = '/yappy-sandbox';
/** The stand-in's published credentials (in the repository: production refuses them as it refuses the stand-in). */
export const YAPPY_DEMO = {
  merchantId: 'demo-clinica-yappy',
  // Yappy's secret keys decode (base64) to '<hash key>.<merchant part>'; the stand-in's is made the same way.
  secretKey: Buffer.from('demo-clinica-yappy-hash-key.demo-clinica-yappy').toString('base64'),
  domain: 'http://localhost',
};

/**
 * The key of a notification's hash (decision 0058): Yappy's secret key is base64 of
 * '<key>.<rest>'; the HMAC key is the part before the first dot. Null when the secret is not in
 * that form (production refuses such a key at start-up).
 */
export function yappyHashKey(secretKey: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secretKey)) return null;
  const decoded = Buffer.from(secretKey, 'base64').toString('utf8');
  const key = decoded.split('.')[0] ?? '';
  return key.length >= 8 && decoded.includes('.') ? key : null;
}

/**
 * Yappy's button: real credentials talk to Yappy's API ('api'); none, outside production, means the
 * demo ('stand-in'): the server mounts the local stand-in and nothing is really charged. The
 * merchant id, secret key and domain go together; production refuses to start without them, with a
 * key not in Yappy's form, or with addresses of a stand-in.
 */
export function parseYappy(
  e: Pick<
    z.infer<typeof envSchema>,
    'YAPPY_MERCHANT_ID' | 'YAPPY_SECRET_KEY' | 'YAPPY_DOMAIN' | 'YAPPY_API_BASE' | 'YAPPY_CDN_URL' | 'YAPPY_ORDER_MINUTES'
  >,
  production: boolean,
) {
  const given = [e.YAPPY_MERCHANT_ID, e.YAPPY_SECRET_KEY, e.YAPPY_DOMAIN].filter(Boolean).length;
  if (given !== 0 && given !== 3) {
    throw new Error('Configuración no válida: YAPPY_MERCHANT_ID, YAPPY_SECRET_KEY y YAPPY_DOMAIN se configuran juntos');
  }
  const orderMinutes = e.YAPPY_ORDER_MINUTES;
  if (!e.YAPPY_MERCHANT_ID || !e.YAPPY_SECRET_KEY || !e.YAPPY_DOMAIN) {
    if (production) throw new Error('En producción YAPPY_MERCHANT_ID, YAPPY_SECRET_KEY y YAPPY_DOMAIN son obligatorios');
    return {
      mode: 'stand-in' as 'stand-in' | 'api',
      merchantId: YAPPY_DEMO.merchantId,
      secretKey: YAPPY_DEMO.secretKey,
      domain: YAPPY_DEMO.domain,
      apiBase: YAPPY_STAND_IN_PATH,
      cdnUrl: `${YAPPY_STAND_IN_PATH}/v1/cdn/web-component-btn-yappy.js`,
      orderMinutes,
    };
  }
  if (yappyHashKey(e.YAPPY_SECRET_KEY) === null) {
    throw new Error('Configuración no válida: YAPPY_SECRET_KEY no tiene la forma de la clave secreta de Yappy (base64)');
  }
  // Yappy's production API and CDN in production; its testing environment elsewhere.
  const apiBase = (e.YAPPY_API_BASE ?? (production ? 'https://apipagosbg.bgeneral.cloud' : 'https://api-comecom-uat.yappycloud.com')).replace(/\/+$/, '');
  const cdnUrl =
    e.YAPPY_CDN_URL ??
    (production ? 'https://bt-cdn.yappy.cloud/v1/cdn/web-component-btn-yappy.js' : 'https://bt-cdn-uat.yappycloud.com/v1/cdn/web-component-btn-yappy.js');
  const domain = new URL(e.YAPPY_DOMAIN).origin;
  if (production) {
    for (const [name, value] of [
      ['YAPPY_API_BASE', apiBase],
      ['YAPPY_CDN_URL', cdnUrl],
      ['YAPPY_DOMAIN', domain],
    ] as const) {
      const url = new URL(value);
      if (url.protocol !== 'https:' || LOOPBACK.test(url.hostname) || url.pathname.startsWith(YAPPY_STAND_IN_PATH)) {
        throw new Error(`En producción ${name} debe ser una dirección https real, no un sustituto local`);
      }
    }
  }
  return {
    mode: 'api' as 'stand-in' | 'api',
    merchantId: e.YAPPY_MERCHANT_ID,
    secretKey: e.YAPPY_SECRET_KEY,
    domain,
    apiBase,
    cdnUrl,
    orderMinutes,
  };
}

/** The browser tests' switch for the consultation hours; production refuses to start with it. */
export function parseIgnoreConsultationHours(value: '0' | '1', production: boolean) {
  if (value === '1' && production) throw new Error('En producción no se permite TEST_ONLY_IGNORE_CONSULTATION_HOURS');
  return value === '1';
}

/** The browser tests' appointment backdate route (decision 0049, session 10); production refuses to start with it. */
export function parseAppointmentBackdate(value: '0' | '1', production: boolean) {
  if (value === '1' && production) throw new Error('En producción no se permite TEST_ONLY_APPOINTMENT_BACKDATE');
  return value === '1';
}

/** CLINIC_BANK_ACCOUNTS is JSON: a list of {banco, tipo, numero, titular}. */
function parseBankAccounts(raw: string) {
  try {
    return z.array(bankAccountSchema).min(1).parse(JSON.parse(raw));
  } catch {
    throw new Error(
      'Configuración no válida:\n  CLINIC_BANK_ACCOUNTS: debe ser JSON, una lista de {"banco","tipo","numero","titular"}',
    );
  }
}

/**
 * TRUST_PROXY: `0` (default) believes no X-Forwarded-For; a hop count `n` believes the entries the
 * nearest n proxies added (only sound when the instance cannot be reached but through them);
 * a comma-separated list of the proxies' addresses or CIDRs (or proxy-addr's `loopback`,
 * `linklocal`, `uniquelocal`) believes entries only as far as those proxies reach. `true` would
 * believe the client's own left-most entry and is refused (issue 18: it let anyone rotate or
 * forge their address).
 */
export function parseTrustProxy(raw: string): false | number | string[] {
  const value = raw.trim();
  if (value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error('Configuración no válida:\n  TRUST_PROXY: un número de saltos entre 0 y 10');
    return hops;
  }
  const entries = value.split(',').map((s) => s.trim());
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      throw new Error(
        `Configuración no válida:\n  TRUST_PROXY: "${entry.slice(0, 60)}" no es un número de saltos ni una dirección IP o CIDR de sus proxies (ejemplo: 1, o 10.0.0.0/8,192.168.1.10)`,
      );
    }
  }
  return entries;
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string) {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * What production refuses besides missing values (issue 18, item 8): secrets with too little
 * entropy, any variant of a published demo value (also as a previous file key), an http://
 * public origin, two-factor sign-in turned off for staff. Each problem names its variable and
 * says why. `allowWeakPreviousKeys` is for the key-rotation command only: it is the way to move
 * files off a weak old key, so it must be able to read them.
 */
function productionProblems(e: z.infer<typeof envSchema>, opts: { allowWeakPreviousKeys: boolean }) {
  const demo: string[] = [];
  const weak: string[] = [];
  const isDemo = (value: string) => {
    const core = secretCore(value);
    return PUBLISHED_VALUES.some((d) => core.includes(d)) || /^0+$/.test(core);
  };
  const check = (name: string, value: string, strength: { minBits: number; minDistinct: number }) => {
    if (isDemo(value)) {
      if (!demo.includes(name)) demo.push(name);
      return;
    }
    const why = secretWeakness(value, strength);
    if (why) weak.push(`${name}: ${why}; genere uno aleatorio (por ejemplo con openssl rand)`);
  };
  const machineKey = { minBits: 96, minDistinct: 10 };
  const typedKey = { minBits: 48, minDistinct: 8 };
  check('COOKIE_SECRET', e.COOKIE_SECRET, machineKey);
  check('ADMIN_REGISTRATION_KEY', e.ADMIN_REGISTRATION_KEY, typedKey);
  check('DOCTOR_REGISTRATION_KEY', e.DOCTOR_REGISTRATION_KEY, typedKey);
  if (secretCore(e.ADMIN_REGISTRATION_KEY) === secretCore(e.DOCTOR_REGISTRATION_KEY)) {
    weak.push('DOCTOR_REGISTRATION_KEY: es igual a ADMIN_REGISTRATION_KEY; con ella un médico podría registrarse como administrador');
  }
  check('FILE_ENCRYPTION_KEY', e.FILE_ENCRYPTION_KEY, machineKey);
  if (e.METRICS_TOKEN) check('METRICS_TOKEN', e.METRICS_TOKEN, machineKey);
  // The metrics port asks for no token: reachable from other machines, anyone there reads it.
  if (e.METRICS_PORT !== 'off' && !['127.0.0.1', '::1', 'localhost'].includes(e.METRICS_HOST)) {
    weak.push('METRICS_HOST: el puerto de las métricas no pide token; en producción escuche solo en 127.0.0.1 (o use METRICS_TOKEN en el puerto principal con METRICS_PORT=off)');
  }
  for (const key of e.FILE_ENCRYPTION_PREVIOUS_KEYS?.split(',') ?? []) {
    if (!opts.allowWeakPreviousKeys) check('FILE_ENCRYPTION_PREVIOUS_KEYS', key, machineKey);
  }
  if (e.BACKUP_KEY) {
    check('BACKUP_KEY', e.BACKUP_KEY, machineKey);
    if (e.BACKUP_KEY.toLowerCase() === e.FILE_ENCRYPTION_KEY.toLowerCase()) {
      weak.push('BACKUP_KEY: es igual a FILE_ENCRYPTION_KEY; la clave de las copias se guarda aparte de la de los datos');
    }
  }
  for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const) {
    const value = e[name];
    if (value && isDemo(value) && !demo.includes(name)) demo.push(name);
  }
  if (!e.CLINIC_BANK_ACCOUNTS) demo.push('CLINIC_BANK_ACCOUNTS');
  if (e.SEED_DEMO === '1') demo.push('SEED_DEMO');
  if (e.PUBLIC_ORIGIN && new URL(e.PUBLIC_ORIGIN).protocol !== 'https:') {
    weak.push('PUBLIC_ORIGIN: debe empezar por https:// (las cookies de sesión son Secure y los enlaces de los correos llevan a esta dirección)');
  }
  if (e.STAFF_2FA_REQUIRED === '0') {
    weak.push('STAFF_2FA_REQUIRED: no puede ser 0; el personal debe usar la verificación en dos pasos');
  }
  const apiBase = e.PAYPAL_API_BASE && URL.canParse(e.PAYPAL_API_BASE) ? new URL(e.PAYPAL_API_BASE).hostname : '';
  if (/(^|\.)sandbox\.paypal\.com$/i.test(apiBase)) {
    weak.push('PAYPAL_API_BASE: es el entorno de pruebas (sandbox) de PayPal; en producción no se cobraría de verdad');
  }
  return { demo, weak };
}

/** Where the server mounts its local stand-in of the WhatsApp Cloud API (demo and tests only). */
export const WHATSAPP_STAND_IN_PATH = '/whatsapp-sandbox';
/** The Graph API version the stand-in answers under and the default real base uses. */
export const WHATSAPP_API_VERSION = 'v21.0';

/** The notices that may go by WhatsApp, and their template names unless WHATSAPP_TEMPLATES says otherwise. */
export const WHATSAPP_DEFAULT_TEMPLATES = {
  appointmentReminder: 'recordatorio_cita',
  waitlistOffer: 'hora_liberada',
  consultationAuthorised: 'consulta_autorizada',
} as const;
export type WhatsappKind = keyof typeof WHATSAPP_DEFAULT_TEMPLATES;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * WhatsApp (decision 0059): 'cloud' with WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID; without
 * them 'off' in production and, outside it, the local stand-in unless WHATSAPP_STAND_IN=0.
 * Production refuses the stand-in and any base that is not Meta's https address.
 */
export function parseWhatsapp(
  e: Pick<
    z.infer<typeof envSchema>,
    'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_API_BASE' | 'WHATSAPP_TEMPLATES' | 'WHATSAPP_STAND_IN'
  >,
  production: boolean,
) {
  if (Boolean(e.WHATSAPP_TOKEN) !== Boolean(e.WHATSAPP_PHONE_NUMBER_ID)) {
    throw new Error('Configuración no válida: WHATSAPP_TOKEN y WHATSAPP_PHONE_NUMBER_ID se configuran juntos');
  }
  let templates: Record<WhatsappKind, string> = { ...WHATSAPP_DEFAULT_TEMPLATES };
  if (e.WHATSAPP_TEMPLATES) {
    const parsed = z
      .partialRecord(z.enum(Object.keys(WHATSAPP_DEFAULT_TEMPLATES) as [WhatsappKind, ...WhatsappKind[]]), z.string().regex(/^[a-z0-9_]{1,512}$/))
      .safeParse(parseJson(e.WHATSAPP_TEMPLATES));
    if (!parsed.success) {
      throw new Error('Configuración no válida: WHATSAPP_TEMPLATES es un objeto JSON de tipo de aviso a nombre de plantilla (minúsculas, cifras y _)');
    }
    templates = { ...templates, ...parsed.data };
  }
  if (e.WHATSAPP_STAND_IN === '1' && production) throw new Error('En producción no se permite WHATSAPP_STAND_IN (el sustituto local de WhatsApp)');
  if (!e.WHATSAPP_TOKEN || !e.WHATSAPP_PHONE_NUMBER_ID) {
    if (production || e.WHATSAPP_STAND_IN === '0') return { mode: 'off' as const, templates };
    return {
      mode: 'stand-in' as const,
      token: 'demo-clinica-whatsapp-token',
      phoneNumberId: '100000000000001',
      apiBase: `${WHATSAPP_STAND_IN_PATH}/${WHATSAPP_API_VERSION}`,
      templates,
    };
  }
  const apiBase = (e.WHATSAPP_API_BASE ?? `https://graph.facebook.com/${WHATSAPP_API_VERSION}`).replace(/\/+$/, '');
  if (production) {
    const url = new URL(apiBase);
    if (url.protocol !== 'https:' || LOOPBACK.test(url.hostname) || url.pathname.startsWith(WHATSAPP_STAND_IN_PATH)) {
      throw new Error('En producción WHATSAPP_API_BASE debe ser la dirección https de la API de WhatsApp, no un sustituto local');
    }
  }
  return { mode: 'cloud' as const, token: e.WHATSAPP_TOKEN, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID, apiBase, templates };
}
export type WhatsappConfig = ReturnType<typeof parseWhatsapp>;

/**
 * E-mail: SMTP when SMTP_URL is set, otherwise the outbox folder (development and demo only:
 * production refuses to start without SMTP, or password recovery would silently never arrive).
 * Links in messages use PUBLIC_ORIGIN, never a request's Host header.
 */
function parseMail(e: z.infer<typeof envSchema>, production: boolean, dataDir: string) {
  if (production && (!e.SMTP_URL || !e.MAIL_FROM)) {
    throw new Error(
      'En producción SMTP_URL y MAIL_FROM son obligatorios (recuperación de contraseña y avisos por correo)',
    );
  }
  if (production && e.TEST_ONLY_PASSWORD_RESET_TTL_SECONDS !== undefined) {
    throw new Error('En producción no se permite TEST_ONLY_PASSWORD_RESET_TTL_SECONDS');
  }
  const host = /^(0\.0\.0\.0|::|\[::\])$/.test(e.HOST) ? 'localhost' : e.HOST;
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? `"${e.CLINIC_NAME}" <no-reply@clinica.demo>`,
    pollMs: e.MAIL_POLL_MS,
    maxAttempts: e.MAIL_MAX_ATTEMPTS,
    worker: e.MAIL_WORKER === '1',
    outboxDir: path.join(dataDir, 'outbox'),
    linkOrigin: (e.PUBLIC_ORIGIN ?? `http://${host}:${e.PORT}`).replace(/\/+$/, ''),
    /** How long a password-reset link is valid: 30 minutes. */
    passwordResetTtlMs: (e.TEST_ONLY_PASSWORD_RESET_TTL_SECONDS ?? PASSWORD_RESET_TTL_MS / 1000) * 1000,
  };
}

/**
 * The PKCS#12 file that signs the medical documents. Production requires one (the file itself is
 * read, and a demo certificate refused, when the documents module starts); elsewhere its absence
 * means the demo certificate.
 */
function parseDocumentSigning(e: z.infer<typeof envSchema>, production: boolean) {
  if (!e.DOCUMENT_SIGNING_P12) {
    if (production) {
      throw new Error('En producción DOCUMENT_SIGNING_P12 es obligatorio (el certificado con el que la clínica firma los documentos médicos)');
    }
    return undefined;
  }
  return { p12Path: path.resolve(e.DOCUMENT_SIGNING_P12), password: e.DOCUMENT_SIGNING_P12_PASSWORD };
}

/**
 * Backups (decision 0056): the key (undefined = no backup can be written), where archives go, the
 * daily hour (Panama time; null = no schedule) and how many are kept.
 */
function parseBackup(e: z.infer<typeof envSchema>, production: boolean) {
  const hour = e.BACKUP_SCHEDULE_HOUR ?? (production ? '3' : 'off');
  return {
    key: e.BACKUP_KEY ? Buffer.from(e.BACKUP_KEY, 'hex') : undefined,
    dir: path.resolve(e.BACKUP_DIR),
    scheduleHour: hour === 'off' ? null : Number(hour),
    keep: e.BACKUP_KEEP,
  };
}

/** SESSION_CACHE_TTL_SECONDS in ms; by default bounded only when another instance may exist. */
function sessionCacheTtlMs(e: z.infer<typeof envSchema>): number | undefined {
  const seconds =
    e.SESSION_CACHE_TTL_SECONDS ?? (e.DATABASE_URL || e.REDIS_URL ? SHARED_SESSION_CACHE_TTL_SECONDS : undefined);
  return seconds === undefined ? undefined : seconds * 1000;
}

/**
 * Video calls (decision 0053): the TURN relay's URLs and shared secret (the TURN REST API scheme of
 * coturn's `use-auth-secret`) and whether calls must go through it. Production with video enabled
 * refuses to start without TURN_URLS and a strong TURN_SECRET (calls would reveal the patient's
 * address or not connect behind a NAT); relay-only without a relay is refused everywhere.
 */
export function parseVideo(
  e: Pick<z.infer<typeof envSchema>, 'VIDEO_ENABLED' | 'TURN_URLS' | 'TURN_SECRET' | 'VIDEO_RELAY_ONLY'>,
  production: boolean,
) {
  const enabled = e.VIDEO_ENABLED === '1';
  const turnUrls = (e.TURN_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  for (const url of turnUrls) {
    if (!/^turns?:[^\s]+$/.test(url)) {
      throw new Error(`Configuración no válida:\n  TURN_URLS: "${url.slice(0, 80)}" no es una dirección turn: o turns: (ejemplo: turns:turn.clinica.pa:443?transport=tcp)`);
    }
  }
  const relayOnly = e.VIDEO_RELAY_ONLY ? e.VIDEO_RELAY_ONLY === '1' : production;
  if (enabled) {
    if (turnUrls.length > 0 && !e.TURN_SECRET) throw new Error('Configuración no válida:\n  TURN_SECRET: es obligatorio con TURN_URLS (el static-auth-secret de coturn)');
    if (production && (turnUrls.length === 0 || !e.TURN_SECRET)) {
      throw new Error('En producción, con las videollamadas activas (VIDEO_ENABLED=1), TURN_URLS y TURN_SECRET son obligatorios; o desactívelas con VIDEO_ENABLED=0');
    }
    if (production && e.TURN_SECRET) {
      const why = secretWeakness(e.TURN_SECRET, { minBits: 96, minDistinct: 10 });
      if (why) throw new Error(`En producción no se permite una configuración débil:\n  TURN_SECRET: ${why}; genere uno aleatorio (por ejemplo con openssl rand -hex 32)`);
    }
    if (relayOnly && turnUrls.length === 0) {
      throw new Error('Configuración no válida:\n  VIDEO_RELAY_ONLY=1 necesita TURN_URLS y TURN_SECRET (sin relé las videollamadas no conectarían)');
    }
  }
  return { enabled, turnUrls, turnSecret: e.TURN_SECRET, relayOnly: enabled && relayOnly };
}

/** The file keyring (infra/storage.ts Keyring): the current key, then the previous ones. */
function fileKeysOf(current: string, previous: string | undefined): { current: Buffer; previous: readonly Buffer[] } {
  return {
    current: Buffer.from(current, 'hex'),
    previous: (previous?.split(',') ?? []).map((k) => Buffer.from(k, 'hex')),
  };
}

/** Parses and checks the environment; throws an Error whose message lists every problem. */
export function parseConfig(
  env: Record<string, string | undefined> = process.env,
  opts: { allowWeakPreviousKeys?: boolean } = {},
) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const bankAccounts = e.CLINIC_BANK_ACCOUNTS ? parseBankAccounts(e.CLINIC_BANK_ACCOUNTS) : DEMO_BANK_ACCOUNTS;

  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (production) {
    const { demo, weak } = productionProblems(e, { allowWeakPreviousKeys: opts.allowWeakPreviousKeys ?? false });
    const lines = [
      ...(demo.length > 0 ? [`En producción no se permiten valores de demostración: ${demo.join(', ')}`] : []),
      ...(weak.length > 0 ? ['En producción no se permite una configuración débil:', ...weak.map((w) => `  ${w}`)] : []),
    ];
    if (lines.length > 0) throw new Error(lines.join('\n'));
    if (!e.PUBLIC_ORIGIN) throw new Error('En producción PUBLIC_ORIGIN es obligatorio');
  }

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPool: {
      max: e.DB_POOL_MAX,
      idleTimeoutMs: e.DB_IDLE_TIMEOUT_MS,
      connectionTimeoutMs: e.DB_CONNECTION_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL,
    /** Milliseconds a cached session is trusted before the database is asked again; undefined = until it expires. */
    sessionCacheTtlMs: sessionCacheTtlMs(e),
    storageDriver: e.STORAGE_DRIVER,
    publicOrigin: e.PUBLIC_ORIGIN,
    cookieSecret: e.COOKIE_SECRET,
    adminRegistrationKey: e.ADMIN_REGISTRATION_KEY,
    doctorRegistrationKey: e.DOCTOR_REGISTRATION_KEY,
    fileEncryptionKey: Buffer.from(e.FILE_ENCRYPTION_KEY, 'hex'),
    fileKeys: fileKeysOf(e.FILE_ENCRYPTION_KEY, e.FILE_ENCRYPTION_PREVIOUS_KEYS),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    backup: parseBackup(e, production),
    logLevel: e.LOG_LEVEL,
    /** Fastify's trustProxy: false, a hop count or the proxies' addresses (parseTrustProxy). */
    trustProxy,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : !production,
    /** Where /metrics is served: its own port (or null) and/or the main port with a bearer token. */
    metrics: {
      port: e.METRICS_PORT === 'off' ? null : e.METRICS_PORT ? Number(e.METRICS_PORT) : production ? METRICS_DEFAULT_PORT : null,
      host: e.METRICS_HOST,
      token: e.METRICS_TOKEN,
    },
    appointmentRules: {
      rescheduleNoticeHours: e.APPOINTMENT_RESCHEDULE_NOTICE_HOURS,
      noShowPrepayAfter: e.APPOINTMENT_NO_SHOW_PREPAY_AFTER,
    },
    quotas: {
      heldAppointmentsPerDoctorDay: e.QUOTA_HELD_APPOINTMENTS_PER_DOCTOR_DAY ?? (e.NODE_ENV === 'test' ? 1000 : 2),
      heldAppointmentsTotal: e.QUOTA_HELD_APPOINTMENTS_TOTAL ?? (e.NODE_ENV === 'test' ? 1000 : 5),
      registrationsPerAddressHour: e.QUOTA_REGISTRATIONS_PER_ADDRESS_HOUR ?? (e.NODE_ENV === 'test' ? 100_000 : 10),
      // A calendar app polls a feed a few times an hour; a clinic's doctors share few addresses.
      calendarFeedPerAddressHour: e.QUOTA_CALENDAR_FEED_PER_ADDRESS_HOUR ?? (e.NODE_ENV === 'test' ? 100_000 : 120),
      examFilesPerConsultation: e.QUOTA_EXAM_FILES_PER_CONSULTATION,
      examBytesPerConsultation: Math.round(e.QUOTA_EXAM_MB_PER_CONSULTATION * 1024 * 1024),
      imageBytesPerConsultation: Math.round(e.QUOTA_IMAGES_MB_PER_CONSULTATION * 1024 * 1024),
      idImageBytes: Math.round(e.QUOTA_ID_IMAGE_MB * 1024 * 1024),
    },
    /** Issue 24 (decision 0050): how long an unapproved transfer/Yappy booking holds its slot. */
    appointmentHolds: { holdHours: e.APPOINTMENT_HOLD_HOURS },
    /** Issue 24, item 5 (decision 0050): a waitlist offer's validity and the active entries per patient. */
    appointmentWaitlist: { offerMinutes: e.APPOINTMENT_WAITLIST_OFFER_MINUTES, maxEntries: e.APPOINTMENT_WAITLIST_MAX_ENTRIES },
    /** Hours before a confirmed appointment its reminders go, largest first, without 0 or repeats. */
    appointmentReminderHours: [...new Set(e.APPOINTMENT_REMINDER_HOURS.split(',').map((h) => Number(h.trim())))]
      .filter((h) => h > 0)
      .sort((a, b) => b - a),
    appointmentReminderSweepMs: e.APPOINTMENT_REMINDER_SWEEP_SECONDS * 1000,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowMs: e.LOGIN_WINDOW_SECONDS * 1000,
    /** A chat sender's limits in one consultation: a burst window and a steady window. */
    chatSendLimits: [
      { name: 'chat-burst', max: e.CHAT_SEND_BURST, windowMs: 10_000 },
      { name: 'chat-steady', max: e.CHAT_SEND_PER_MINUTE, windowMs: 60_000 },
    ],
    /** Staff accounts without two-factor sign-in reach only its enrolment until they enrol. */
    staffTwoFactorRequired: e.STAFF_2FA_REQUIRED ? e.STAFF_2FA_REQUIRED === '1' : production,
    mail: parseMail(e, production, dataDir),
    paypal: parsePaypal(e, production),
    yappy: parseYappy(e, production),
    whatsapp: parseWhatsapp(e, production),
    ignoreConsultationHours: parseIgnoreConsultationHours(e.TEST_ONLY_IGNORE_CONSULTATION_HOURS, production),
    testOnlyAppointmentBackdate: parseAppointmentBackdate(e.TEST_ONLY_APPOINTMENT_BACKDATE, production),
    documentSigning: parseDocumentSigning(e, production),
    /** Video consultations (decision 0053): TURN relay and relay-only. */
    video: parseVideo(e, production),
    clinic: {
      name: e.CLINIC_NAME,
      city: e.CLINIC_CITY,
      address: e.CLINIC_ADDRESS,
      phone: e.CLINIC_PHONE,
      whatsapp: e.CLINIC_WHATSAPP,
      email: e.CLINIC_EMAIL,
      mapUrl: e.CLINIC_MAP_URL,
      openingHours: e.CLINIC_OPENING_HOURS ?? null,
      logoPath: e.CLINIC_LOGO ? path.resolve(e.CLINIC_LOGO) : undefined,
      bankAccounts,
      yappyNumber: e.CLINIC_YAPPY_NUMBER,
      videoUrls: e.CLINIC_VIDEO_URLS ? e.CLINIC_VIDEO_URLS.split(',').map((s) => s.trim()) : DEMO_VIDEOS,
      playlistUrl: e.CLINIC_PLAYLIST_URL,
      social: { facebook: e.CLINIC_FACEBOOK_URL, instagram: e.CLINIC_INSTAGRAM_URL },
    },
  };
}
