// Every table, one file per feature (schema-<feature>.ts), gathered here for drizzle-kit and the client.
export * from './schema-accounts.js';
