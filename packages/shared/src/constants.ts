/** Business constants of the specification (docs/spec/patient-and-public.md and docs/spec/staff.md, section 9). */

export const SERVICES = ['consulta_general', 'psicologia', 'medicina_interna'] as const;
export type Service = (typeof SERVICES)[number];

export const SERVICE_LABELS: Record<Service, string> = {
  consulta_general: 'Medicina General',
  psicologia: 'Psicología',
  medicina_interna: 'Medicina Interna',
};

/** Price in USD cents; the same for virtual and in-person, and for the extra chat hour. */
export const SERVICE_PRICE_CENTS: Record<Service, number> = {
  consulta_general: 1000,
  psicologia: 4000,
  medicina_interna: 4000,
};
export const CURRENCY = 'USD';

export const CLINIC_TIME_ZONE = 'America/Panama';
/**
 * America/Panama is UTC-5 all year (no daylight saving since 1908): Panama's wall clock is UTC's moved
 * by this many hours. The product reads Panama's clock by this arithmetic rather than through
 * Intl.DateTimeFormat with a time zone, whose first use costs a phone about 60 ms of blocking time at
 * start (decision 0046, session 10).
 */
export const PANAMA_UTC_OFFSET_HOURS = -5;

export const TIMERS = {
  chatSeconds: 3600,
  authorisationPollMs: 5000,
  sessionPollMs: 5000,
  idleLogoutMs: 1_800_000,
  sessionCountdownSeconds: 1800,
  sessionWarningSeconds: 300,
  floatingTimerVisibleMs: 5000,
  introFadeMs: 6000,
  introEndMs: 9000,
  footerDelayMs: 10_000,
  cookieConsentDays: 365,
  sponsorVisibleMs: 180_000,
  sponsorHiddenMs: 60_000,
} as const;

/** The floating widgets (docs/spec/patient-and-public.md section 9, "Widgets and images"). */
export const WIDGETS = {
  longPressMs: 300,
  dragClampPx: 100,
  playerStartBottomPx: 115,
  playerStartRightPx: 110,
  socialBarStartRatio: 0.85,
  /**
   * From this width the widgets take the specification's form and places, in side gutters the
   * page leaves free; narrower, they are small tabs at the edges (issue 23, decision 0043).
   */
  fullFromPx: 1200,
} as const;

/** Server-side session limits (docs/spec/decisions.md: idle expiry on the server; ASVS: absolute lifetime). */
export const SESSION_IDLE_MS = TIMERS.idleLogoutMs;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export const GENDERS = ['masculino', 'femenino', 'otro'] as const;

/** The 20 countries of the registration form: name, dialling code, national-number length. */
export const COUNTRIES = [
  { name: 'Argentina', code: '+54', digits: 10 },
  { name: 'Bolivia', code: '+591', digits: 8 },
  { name: 'Brasil', code: '+55', digits: 11 },
  { name: 'Chile', code: '+56', digits: 9 },
  { name: 'Colombia', code: '+57', digits: 10 },
  { name: 'Costa Rica', code: '+506', digits: 8 },
  { name: 'Cuba', code: '+53', digits: 8 },
  { name: 'Ecuador', code: '+593', digits: 9 },
  { name: 'El Salvador', code: '+503', digits: 8 },
  { name: 'Guatemala', code: '+502', digits: 8 },
  { name: 'Honduras', code: '+504', digits: 8 },
  { name: 'México', code: '+52', digits: 10 },
  { name: 'Nicaragua', code: '+505', digits: 8 },
  { name: 'Panamá', code: '+507', digits: 8 },
  { name: 'Paraguay', code: '+595', digits: 9 },
  { name: 'Perú', code: '+51', digits: 9 },
  { name: 'Puerto Rico', code: '+1-787', digits: 10 },
  { name: 'República Dominicana', code: '+1-809', digits: 10 },
  { name: 'Uruguay', code: '+598', digits: 9 },
  { name: 'Venezuela', code: '+58', digits: 10 },
] as const;

export const COUNTRY_NAMES = COUNTRIES.map((c) => c.name) as unknown as readonly [
  (typeof COUNTRIES)[number]['name'],
  ...(typeof COUNTRIES)[number]['name'][],
];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as unknown as readonly [
  (typeof COUNTRIES)[number]['code'],
  ...(typeof COUNTRIES)[number]['code'][],
];
export type CountryCode = (typeof COUNTRIES)[number]['code'];

export const PHONE_DIGITS: Record<CountryCode, number> = Object.fromEntries(
  COUNTRIES.map((c) => [c.code, c.digits]),
) as Record<CountryCode, number>;

export const REGISTRATION_DEFAULTS = {
  nacionalidad: 'Argentina',
  genero: 'masculino',
  country_code: '+54',
} as const;

/** Uploads: docs/spec/decisions.md, "Files". */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The receipt file's field name, as the specification spells it. Here rather than beside the receipt
 * schemas: a page that sends a receipt needs the name without loading zod first.
 */
export const RECEIPT_FILE_FIELD = 'comprobante_tranferencia';
