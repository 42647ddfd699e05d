/**
 * One complete, valid production environment for the tests that need one (infra/config.test.ts, infra/security-headers.test.ts,
 * modules/backups/backups.test.ts, test/deploy/fresh-install.test.ts): no demo value, every value
 * production requires (infra/config.ts refuses less). A new required production setting is added
 * here, once, and every one of those tests follows. Its secrets are test values, public here.
 */
export const PRODUCTION_ENV = Object.freeze({
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://clinica.example.pa',
  COOKIE_SECRET: 'f26Av3DAt2aBfIY+qyMHRnSFqV9RTOwMs/LRyEkTxOyoiA+o',
  ADMIN_REGISTRATION_KEY: 'clave-admin-de-produccion',
  DOCTOR_REGISTRATION_KEY: 'clave-doctor-de-produccion',
  FILE_ENCRYPTION_KEY: '1cdf005a727745c4af8cf8e0ddeed18d0d47c2164778021394e3a0ac395f07fd',
  CLINIC_BANK_ACCOUNTS: JSON.stringify([{ banco: 'Banco General', tipo: 'Ahorros', numero: '1', titular: 'Clínica' }]),
  SMTP_URL: 'smtps://usuario:clave@smtp.example.pa:465',
  MAIL_FROM: 'Clínica <no-reply@clinica.example.pa>',
  PAYPAL_CLIENT_ID: 'client-id-de-produccion',
  PAYPAL_CLIENT_SECRET: 'client-secret-de-produccion',
  YAPPY_MERCHANT_ID: 'comercio-clinica',
  YAPPY_SECRET_KEY: 'Y2xhdmUtaG1hYy1kZS1wcm9kdWNjaW9uLTIwMjYuY29tZXJjaW8tY2xpbmljYQ==',
  YAPPY_DOMAIN: 'https://clinica.example.pa',
  DOCUMENT_SIGNING_P12: '/etc/clinica/firma-documentos.p12',
  // Video calls need a relay in production (decision 0053).
  TURN_URLS: 'turns:turn.clinica.example.pa:443?transport=tcp',
  TURN_SECRET: 'b1e07c2a5f9d4c3e8a6b0d2f4e6a8c0b1d3f5a7c9e1b3d5f',
});
