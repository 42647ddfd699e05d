import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupStatusSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { toBackupStatus } from './backups.mapper.js';

/** The administrators' view of the backups (no patient data: times, sizes, results). */
export default async function backupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/backups', {
    config: { access: 'admin' },
    schema: { response: { 200: backupStatusSchema, ...errorResponses } },
    handler: async () => toBackupStatus(await app.backups.status()),
  });
}
