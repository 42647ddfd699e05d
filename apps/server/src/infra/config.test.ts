import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_SECRETS, YAPPY_DEMO, parseConfig } from './config.js';
import { PRODUCTION_ENV } from './production-env.test-support.js';

// Configuration is validated once at start-up; bad values and, in production, the demo secrets
// stop the server with a clear message (issue 2, item 3).

/** A complete production environment (shared with the other tests that need one). */
const PRODUCTION = PRODUCTION_ENV;

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
    expect(config.fileEncryptionKey.toString('hex')).toBe(PRODUCTION.FILE_ENCRYPTION_KEY);
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

  it('needs the certificate that signs the medical documents in production', () => {
    const { DOCUMENT_SIGNING_P12: _, ...withoutCertificate } = PRODUCTION;
    expect(() => parseConfig(withoutCertificate)).toThrow(/En producción DOCUMENT_SIGNING_P12 es obligatorio/);
    expect(parseConfig(PRODUCTION).documentSigning).toEqual({ p12Path: '/etc/clinica/firma-documentos.p12', password: '' });
    expect(parseConfig({}).documentSigning).toBeUndefined();
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

describe('production refuses weak configuration (issue 18, item 8)', () => {
  const PREVIOUS_KEY = 'e66cafc6a02160a2a3dbb8a165276710ed45c412c21688a1013f59eb7e462520';

  it('accepts strong random secrets, a previous file key and a list of proxies', () => {
    const config = parseConfig({ ...PRODUCTION, FILE_ENCRYPTION_PREVIOUS_KEYS: PREVIOUS_KEY, STAFF_2FA_REQUIRED: '1' });
    expect(config.fileKeys.previous.map((k) => k.toString('hex'))).toEqual([PREVIOUS_KEY]);
    expect(config.staffTwoFactorRequired).toBe(true);
  });

  /** [variable, what the production environment gets, why it is refused (a piece of the message)] */
  const weak: [string, Record<string, string | undefined>, RegExp][] = [
    ['COOKIE_SECRET', { COOKIE_SECRET: 'a'.repeat(48) }, /caracteres distintos/],
    ['COOKIE_SECRET', { COOKIE_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789' }, /secuencia/],
    ['COOKIE_SECRET', { COOKIE_SECRET: 'clave-secreta!'.repeat(3) }, /bloque corto repetido/],
    ['COOKIE_SECRET', { COOKIE_SECRET: 'abababababcdcdcdcdcdefefefefefabab01' }, /caracteres distintos/],
    ['COOKIE_SECRET', { COOKIE_SECRET: 'xaxbxcxdxexfxgxhxixjxixhxgxfxexd' }, /entropía/],
    ['FILE_ENCRYPTION_KEY', { FILE_ENCRYPTION_KEY: '1'.repeat(64) }, /caracteres distintos/],
    ['FILE_ENCRYPTION_KEY', { FILE_ENCRYPTION_KEY: 'ab'.repeat(32) }, /caracteres distintos/],
    ['FILE_ENCRYPTION_KEY', { FILE_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4) }, /bloque corto repetido/],
    ['FILE_ENCRYPTION_KEY', { FILE_ENCRYPTION_KEY: 'deadbeef'.repeat(4) + 'cafebabe'.repeat(4) }, /caracteres distintos|entropía/],
    ['FILE_ENCRYPTION_PREVIOUS_KEYS', { FILE_ENCRYPTION_PREVIOUS_KEYS: `${PREVIOUS_KEY},${'1'.repeat(64)}` }, /caracteres distintos/],
    ['ADMIN_REGISTRATION_KEY', { ADMIN_REGISTRATION_KEY: '12345678' }, /caracteres distintos|secuencia/],
    ['ADMIN_REGISTRATION_KEY', { ADMIN_REGISTRATION_KEY: 'clave123' }, /entropía/],
    ['DOCTOR_REGISTRATION_KEY', { DOCTOR_REGISTRATION_KEY: 'password' }, /caracteres distintos|entropía/],
    ['DOCTOR_REGISTRATION_KEY', { DOCTOR_REGISTRATION_KEY: 'Clave-Admin-De-Produccion' }, /igual a ADMIN_REGISTRATION_KEY/],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'http://clinica.example.pa' }, /https:\/\//],
    ['STAFF_2FA_REQUIRED', { STAFF_2FA_REQUIRED: '0' }, /verificación en dos pasos/],
    ['PAYPAL_API_BASE', { PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' }, /sandbox/],
    ['PAYPAL_API_BASE', { PAYPAL_API_BASE: 'https://api.sandbox.paypal.com/' }, /sandbox/],
  ];
  for (const [name, over, why] of weak) {
    it(`refuses ${name}=${JSON.stringify(Object.values(over)[0]).slice(0, 40)} and says which variable and why`, () => {
      let message = '';
      try {
        parseConfig({ ...PRODUCTION, ...over });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^En producción no se permite una configuración débil:/);
      const line = message.split('\n').find((l) => l.trim().startsWith(`${name}:`));
      expect(line, message).toBeDefined();
      expect(line).toMatch(why);
      // The same value is fine outside production (the demo, the tests).
      if (name !== 'PUBLIC_ORIGIN' && name !== 'PAYPAL_API_BASE') expect(() => parseConfig({ ...over })).not.toThrow();
    });
  }

  /** Variants of the published demo values: case, something before or after, as a previous key. */
  const variants: [string, Record<string, string>][] = [
    ['ADMIN_REGISTRATION_KEY', { ADMIN_REGISTRATION_KEY: 'DEMO-CLAVE-ADMIN' }],
    ['ADMIN_REGISTRATION_KEY', { ADMIN_REGISTRATION_KEY: 'x9-demo-clave-admin-2026' }],
    ['DOCTOR_REGISTRATION_KEY', { DOCTOR_REGISTRATION_KEY: 'Demo_Clave_Doctor!' }],
    ['COOKIE_SECRET', { COOKIE_SECRET: `${DEMO_SECRETS.cookieSecret.toUpperCase()}-prod` }],
    ['COOKIE_SECRET', { COOKIE_SECRET: 'mi-Admin-demo-2026-f26Av3DAt2aBfIY+qyMHRnSFq' }],
    ['FILE_ENCRYPTION_KEY', { FILE_ENCRYPTION_KEY: DEMO_SECRETS.fileEncryptionKey.toUpperCase() }],
    ['FILE_ENCRYPTION_PREVIOUS_KEYS', { FILE_ENCRYPTION_PREVIOUS_KEYS: DEMO_SECRETS.fileEncryptionKey }],
    ['FILE_ENCRYPTION_PREVIOUS_KEYS', { FILE_ENCRYPTION_PREVIOUS_KEYS: `${PREVIOUS_KEY},${DEMO_SECRETS.fileEncryptionKey}` }],
    ['PAYPAL_CLIENT_ID', { PAYPAL_CLIENT_ID: 'demo-clinica-client-id' }],
  ];
  for (const [name, over] of variants) {
    it(`refuses a variant of a demo value in ${name} (${Object.values(over)[0]!.slice(0, 30)})`, () => {
      expect(() => parseConfig({ ...PRODUCTION, ...over })).toThrow(
        new RegExp(`En producción no se permiten valores de demostración: (.*, )?${name}(,|$|\n)`, 'm'),
      );
    });
  }

  it('lists every weak setting at once', () => {
    expect(() =>
      parseConfig({ ...PRODUCTION, COOKIE_SECRET: 'a'.repeat(40), PUBLIC_ORIGIN: 'http://x.pa', STAFF_2FA_REQUIRED: '0' }),
    ).toThrow(/COOKIE_SECRET: [^\n]+\n {2}PUBLIC_ORIGIN: [^\n]+\n {2}STAFF_2FA_REQUIRED: /);
  });

  it('lets only the key-rotation command read files under a weak previous key (to move them off it)', () => {
    const env = { ...PRODUCTION, FILE_ENCRYPTION_PREVIOUS_KEYS: DEMO_SECRETS.fileEncryptionKey };
    expect(() => parseConfig(env)).toThrow(/FILE_ENCRYPTION_PREVIOUS_KEYS/);
    expect(parseConfig(env, { allowWeakPreviousKeys: true }).fileKeys.previous).toHaveLength(1);
  });
});

describe('TRUST_PROXY (issue 18, item 6)', () => {
  it('is off by default, a hop count, or the proxies\' addresses and CIDRs', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  for (const bad of ['true', 'yes', '10.0.0.0/33', '300.1.1.1', '11', '10.0.0.1/8/2', 'proxy.example.pa']) {
    it(`refuses TRUST_PROXY=${bad} with a Spanish message`, () => {
      expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(/Configuración no válida:\n\s+TRUST_PROXY: /);
    });
  }
});

describe('the server entry point', () => {
  it('prints the configuration error and exits with status 1 on a bad PORT', () => {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
      env: { PATH: process.env.PATH, PORT: 'no-es-un-puerto', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Configuración no válida:\n\s+PORT: /);
  });

  it('refuses to start in production with the demo keys', () => {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server.ts');
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

describe('metrics in production (decision 0055)', () => {
  it('refuses the token-less metrics port on an address other machines reach; loopback, or the port off, starts', () => {
    expect(() => parseConfig({ ...PRODUCTION, METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST/);
    expect(parseConfig({ ...PRODUCTION, METRICS_HOST: '0.0.0.0', METRICS_PORT: 'off' }).metrics.port).toBeNull();
    expect(parseConfig(PRODUCTION).metrics).toMatchObject({ host: '127.0.0.1', port: 9464 });
  });
});

describe('video calls (decision 0053)', () => {
  const { TURN_URLS: _urls, TURN_SECRET: _secret, ...withoutTurn } = PRODUCTION;
  it('refuses production with video enabled and no TURN relay or secret, or a weak secret; VIDEO_ENABLED=0 starts without', () => {
    expect(() => parseConfig(withoutTurn)).toThrow(/TURN_URLS y TURN_SECRET son obligatorios/);
    expect(() => parseConfig({ ...withoutTurn, TURN_URLS: PRODUCTION.TURN_URLS })).toThrow(/TURN_SECRET: es obligatorio/);
    expect(() => parseConfig({ ...PRODUCTION, TURN_SECRET: 'secreto' })).toThrow(/TURN_SECRET/);
    expect(parseConfig({ ...withoutTurn, VIDEO_ENABLED: '0' }).video).toMatchObject({ enabled: false, relayOnly: false });
  });
  it('forces relay-only by default in production, not elsewhere; relay-only needs a relay; URLs must be turn: or turns:', () => {
    expect(parseConfig(PRODUCTION).video).toEqual({
      enabled: true,
      turnUrls: ['turns:turn.clinica.example.pa:443?transport=tcp'],
      turnSecret: PRODUCTION.TURN_SECRET,
      relayOnly: true,
    });
    expect(parseConfig({}).video).toMatchObject({ enabled: true, turnUrls: [], relayOnly: false });
    expect(() => parseConfig({ VIDEO_RELAY_ONLY: '1' })).toThrow(/VIDEO_RELAY_ONLY=1 necesita TURN_URLS/);
    expect(() => parseConfig({ TURN_URLS: 'https://turn.example', TURN_SECRET: 'x' })).toThrow(/TURN_URLS/);
    expect(parseConfig({ TURN_URLS: 'turn:127.0.0.1:3478, turn:127.0.0.1:3478?transport=tcp', TURN_SECRET: 's' }).video.turnUrls).toEqual([
      'turn:127.0.0.1:3478',
      'turn:127.0.0.1:3478?transport=tcp',
    ]);
  });
});

describe("Yappy's payment button (decision 0058)", () => {
  it('runs the stand-in without credentials outside production, and says so', () => {
    const { yappy } = parseConfig({});
    expect(yappy).toMatchObject({ mode: 'stand-in', merchantId: YAPPY_DEMO.merchantId, apiBase: '/yappy-sandbox', orderMinutes: 10 });
  });

  it('requires the merchant id, the secret key and the domain in production, together', () => {
    for (const name of ['YAPPY_MERCHANT_ID', 'YAPPY_SECRET_KEY', 'YAPPY_DOMAIN'] as const) {
      expect(() => parseConfig({ ...PRODUCTION, [name]: undefined })).toThrow(/YAPPY_MERCHANT_ID, YAPPY_SECRET_KEY y YAPPY_DOMAIN/);
    }
    expect(() => parseConfig({ ...PRODUCTION, YAPPY_MERCHANT_ID: undefined, YAPPY_SECRET_KEY: undefined, YAPPY_DOMAIN: undefined })).toThrow(
      /En producción YAPPY_MERCHANT_ID, YAPPY_SECRET_KEY y YAPPY_DOMAIN son obligatorios/,
    );
    expect(parseConfig(PRODUCTION).yappy).toMatchObject({
      mode: 'api',
      domain: 'https://clinica.example.pa',
      apiBase: 'https://apipagosbg.bgeneral.cloud',
      cdnUrl: 'https://bt-cdn.yappy.cloud/v1/cdn/web-component-btn-yappy.js',
    });
  });

  it('refuses the stand-in, loopback or http addresses and a key not in Yappy\'s form in production', () => {
    expect(() => parseConfig({ ...PRODUCTION, YAPPY_API_BASE: 'http://127.0.0.1:3000/yappy-sandbox' })).toThrow(/YAPPY_API_BASE/);
    expect(() => parseConfig({ ...PRODUCTION, YAPPY_CDN_URL: 'https://clinica.example.pa/yappy-sandbox/v1/cdn/web-component-btn-yappy.js' })).toThrow(/YAPPY_CDN_URL/);
    expect(() => parseConfig({ ...PRODUCTION, YAPPY_DOMAIN: 'http://clinica.example.pa' })).toThrow(/YAPPY_DOMAIN/);
    expect(() => parseConfig({ ...PRODUCTION, YAPPY_SECRET_KEY: 'no-es-base64!' })).toThrow(/YAPPY_SECRET_KEY/);
  });
});
