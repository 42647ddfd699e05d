import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_SECRETS, parseConfig } from './config.js';

// Configuration is validated once at start-up; bad values and, in production, the demo secrets
// stop the server with a clear message (issue 2, item 3).

/** A complete production environment; a new required production value belongs here too. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://clinica.example.pa',
  COOKIE_SECRET: 'c'.repeat(48),
  ADMIN_REGISTRATION_KEY: 'clave-admin-de-produccion',
  DOCTOR_REGISTRATION_KEY: 'clave-doctor-de-produccion',
  FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
  CLINIC_BANK_ACCOUNTS: JSON.stringify([{ banco: 'Banco General', tipo: 'Ahorros', numero: '1', titular: 'Clínica' }]),
  SMTP_URL: 'smtps://usuario:clave@smtp.example.pa:465',
  MAIL_FROM: 'Clínica <no-reply@clinica.example.pa>',
  PAYPAL_CLIENT_ID: 'client-id-de-produccion',
  PAYPAL_CLIENT_SECRET: 'client-secret-de-produccion',
};

describe('parseConfig', () => {
  it('takes an empty PORT as the default, not as port 0', () => {
    expect(parseConfig({ PORT: '' }).port).toBe(3000);
  });

  it('refuses malformed CLINIC_BANK_ACCOUNTS with a clear message', () => {
    expect(() => parseConfig({ CLINIC_BANK_ACCOUNTS: '{no es json' })).toThrow(/Configuración no válida:[\s\S]*CLINIC_BANK_ACCOUNTS/);
    expect(() => parseConfig({ CLINIC_BANK_ACCOUNTS: '[{"banco":"X"}]' })).toThrow(/CLINIC_BANK_ACCOUNTS/);
  });

  it('runs the demo with its defaults outside production', () => {
    const config = parseConfig({});
    expect(config.production).toBe(false);
    expect(config.port).toBe(3000);
    expect(config.adminRegistrationKey).toBe(DEMO_SECRETS.adminRegistrationKey);
    expect(config.fileEncryptionKey).toHaveLength(32);
    expect(config.loginMaxAttempts).toBe(5);
    expect(config.loginWindowMs).toBe(900_000);
  });

  it('accepts a production configuration without demo values', () => {
    const config = parseConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.fileEncryptionKey.toString('hex')).toBe('ab'.repeat(32));
  });

  const demoValues: [string, Record<string, string | undefined>][] = [
    ['COOKIE_SECRET', { COOKIE_SECRET: DEMO_SECRETS.cookieSecret }],
    ['COOKIE_SECRET', { COOKIE_SECRET: undefined }],
    ['ADMIN_REGISTRATION_KEY', { ADMIN_REGISTRATION_KEY: DEMO_SECRETS.adminRegistrationKey }],
    ['ADMIN_REGISTRATION_KEY', { ADMIN_REGISTRATION_KEY: undefined }],
    ['DOCTOR_REGISTRATION_KEY', { DOCTOR_REGISTRATION_KEY: DEMO_SECRETS.doctorRegistrationKey }],
    ['DOCTOR_REGISTRATION_KEY', { DOCTOR_REGISTRATION_KEY: undefined }],
    ['FILE_ENCRYPTION_KEY', { FILE_ENCRYPTION_KEY: DEMO_SECRETS.fileEncryptionKey }],
    ['FILE_ENCRYPTION_KEY', { FILE_ENCRYPTION_KEY: undefined }],
    ['CLINIC_BANK_ACCOUNTS', { CLINIC_BANK_ACCOUNTS: undefined }],
    ['SEED_DEMO', { SEED_DEMO: '1' }],
  ];
  for (const [name, over] of demoValues) {
    it(`refuses production with the demo ${name} (${over[name] === undefined ? 'left unset' : 'given'})`, () => {
      expect(() => parseConfig({ ...PRODUCTION, ...over })).toThrow(
        new RegExp(`En producción no se permiten valores de demostración: .*${name}`),
      );
    });
  }

  it('names every demo value at once', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://x.pa' })).toThrow(
      'En producción no se permiten valores de demostración: COOKIE_SECRET, ADMIN_REGISTRATION_KEY, DOCTOR_REGISTRATION_KEY, FILE_ENCRYPTION_KEY, CLINIC_BANK_ACCOUNTS',
    );
  });

  it('needs PUBLIC_ORIGIN in production', () => {
    expect(() => parseConfig({ ...PRODUCTION, PUBLIC_ORIGIN: undefined })).toThrow(/PUBLIC_ORIGIN es obligatorio/);
  });

  for (const key of ['xyz', 'ab'.repeat(31), 'ab'.repeat(33), 'zz'.repeat(32), '']) {
    it(`refuses FILE_ENCRYPTION_KEY ${JSON.stringify(key.length > 10 ? `${key.slice(0, 6)}… (${key.length})` : key)}`, () => {
      expect(() => parseConfig({ FILE_ENCRYPTION_KEY: key })).toThrow(
        /Configuración no válida:\n.*FILE_ENCRYPTION_KEY: FILE_ENCRYPTION_KEY debe ser 32 bytes en hexadecimal/,
      );
    });
  }

  for (const port of ['abc', '70000', '-1', '3.5', '80a']) {
    it(`refuses PORT=${port}`, () => {
      expect(() => parseConfig({ PORT: port })).toThrow(/Configuración no válida:\n\s+PORT: /);
    });
  }

  it('refuses a short COOKIE_SECRET, a short staff key and a bad NODE_ENV, listing each', () => {
    let message = '';
    try {
      parseConfig({ COOKIE_SECRET: 'corto', ADMIN_REGISTRATION_KEY: 'abc', NODE_ENV: 'prod' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/COOKIE_SECRET: COOKIE_SECRET debe tener al menos 32 caracteres/);
    expect(message).toMatch(/ADMIN_REGISTRATION_KEY: /);
    expect(message).toMatch(/NODE_ENV: /);
  });

  it('refuses bad login limits', () => {
    expect(() => parseConfig({ LOGIN_MAX_ATTEMPTS: '0' })).toThrow(/LOGIN_MAX_ATTEMPTS/);
    expect(() => parseConfig({ LOGIN_WINDOW_SECONDS: 'x' })).toThrow(/LOGIN_WINDOW_SECONDS/);
  });
});

describe('the server entry point', () => {
  it('prints the configuration error and exits with status 1 on a bad PORT', () => {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
      env: { PATH: process.env.PATH, PORT: 'no-es-un-puerto', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Configuración no válida:\n\s+PORT: /);
  });

  it('refuses to start in production with the demo keys', () => {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://x.pa',
        DATA_DIR: '/nonexistent/never-created',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/En producción no se permiten valores de demostración/);
  });
});
