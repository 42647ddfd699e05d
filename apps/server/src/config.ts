import { z } from 'zod';
import path from 'node:path';

/**
 * The server's configuration, parsed and validated once at start-up. Nothing else reads
 * process.env (DESIGN.md, style 6).
 */

/** Demo secrets: `npm start` uses them so the product runs offline; production refuses them. */
export const DEMO_SECRETS = {
  cookieSecret: 'demo-cookie-secret-not-for-production-0123456789',
  adminRegistrationKey: 'demo-clave-admin',
  doctorRegistrationKey: 'demo-clave-doctor',
  fileEncryptionKey: '00'.repeat(32),
} as const;

const bankAccountSchema = z.object({ banco: z.string(), tipo: z.string(), numero: z.string(), titular: z.string() });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_ORIGIN: z.string().url().optional(),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET debe tener al menos 32 caracteres').default(DEMO_SECRETS.cookieSecret),
  ADMIN_REGISTRATION_KEY: z.string().min(8).default(DEMO_SECRETS.adminRegistrationKey),
  DOCTOR_REGISTRATION_KEY: z.string().min(8).default(DEMO_SECRETS.doctorRegistrationKey),
  FILE_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'FILE_ENCRYPTION_KEY debe ser 32 bytes en hexadecimal (64 caracteres)')
    .default(DEMO_SECRETS.fileEncryptionKey),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  CLINIC_NAME: z.string().default('Clínica Virtual Panamá'),
  CLINIC_BANK_ACCOUNTS: z.string().optional(),
  CLINIC_YAPPY_NUMBER: z.string().default('6000-0000'),
  CLINIC_VIDEO_URLS: z.string().optional(),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
});

export type Config = ReturnType<typeof parseConfig>;

const DEMO_BANK_ACCOUNTS = [
  { banco: 'Banco General', tipo: 'Ahorros', numero: '04-00-00-000000-0', titular: 'Clínica Virtual Panamá (demo)' },
  { banco: 'Banistmo', tipo: 'Corriente', numero: '0100000000', titular: 'Clínica Virtual Panamá (demo)' },
];
const DEMO_VIDEOS = ['https://www.youtube-nocookie.com/embed/ScMzIvxBSi4', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'];

/** Parses and checks the environment; throws an Error whose message lists every problem. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const bankAccounts = e.CLINIC_BANK_ACCOUNTS
    ? z.array(bankAccountSchema).parse(JSON.parse(e.CLINIC_BANK_ACCOUNTS))
    : DEMO_BANK_ACCOUNTS;

  if (production) {
    const demo: string[] = [];
    if (e.COOKIE_SECRET === DEMO_SECRETS.cookieSecret) demo.push('COOKIE_SECRET');
    if (e.ADMIN_REGISTRATION_KEY === DEMO_SECRETS.adminRegistrationKey) demo.push('ADMIN_REGISTRATION_KEY');
    if (e.DOCTOR_REGISTRATION_KEY === DEMO_SECRETS.doctorRegistrationKey) demo.push('DOCTOR_REGISTRATION_KEY');
    if (e.FILE_ENCRYPTION_KEY === DEMO_SECRETS.fileEncryptionKey) demo.push('FILE_ENCRYPTION_KEY');
    if (!e.CLINIC_BANK_ACCOUNTS) demo.push('CLINIC_BANK_ACCOUNTS');
    if (e.SEED_DEMO === '1') demo.push('SEED_DEMO');
    if (demo.length > 0) {
      throw new Error(`En producción no se permiten valores de demostración: ${demo.join(', ')}`);
    }
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
    publicOrigin: e.PUBLIC_ORIGIN,
    cookieSecret: e.COOKIE_SECRET,
    adminRegistrationKey: e.ADMIN_REGISTRATION_KEY,
    doctorRegistrationKey: e.DOCTOR_REGISTRATION_KEY,
    fileEncryptionKey: Buffer.from(e.FILE_ENCRYPTION_KEY, 'hex'),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1',
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : !production,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowMs: e.LOGIN_WINDOW_SECONDS * 1000,
    clinic: {
      name: e.CLINIC_NAME,
      bankAccounts,
      yappyNumber: e.CLINIC_YAPPY_NUMBER,
      videoUrls: e.CLINIC_VIDEO_URLS ? e.CLINIC_VIDEO_URLS.split(',').map((s) => s.trim()) : DEMO_VIDEOS,
    },
  };
}
