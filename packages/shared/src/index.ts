export * from './constants.js';
export * from './messages.js';
export * from './roles.js';
export * from './routes.js';
export * from './schemas/auth.schema.js';
export * from './schemas/common.schema.js';
export * from './schemas/site.schema.js';
