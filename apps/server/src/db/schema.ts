// Every table, one file per feature (schema-<feature>.ts), gathered here for drizzle-kit and the client.
export * from './schema-accounts.js';
export * from './schema-publishing.js';
export * from './schema-payments.js';
export * from './schema-consultations.js';
export * from './schema-documents.js';
export * from './schema-mail.js';
export * from './schema-password-recovery.js';
export * from './schema-records.js';
export * from './schema-appointments.js';
export * from './schema-chat.js';
export * from './schema-storage.js';
export * from './schema-twofactor.js';
export * from './schema-data-requests.js';
export * from './schema-email-verification.js';
export * from './schema-passkeys.js';
export * from './schema-calendar.js';
export * from './schema-video.js';
