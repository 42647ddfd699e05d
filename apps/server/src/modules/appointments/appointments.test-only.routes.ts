import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenParamsSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';

/**
 * Browser tests only (decision 0049, session 10). The e2e server runs on real time, so no booking
 * can be on an hour that has started, and attendance is marked only after it starts. This route
 * moves an appointment to its doctor's latest started free slot. It is registered only when
 * TEST_ONLY_APPOINTMENT_BACKDATE=1, which the configuration refuses in production
 * (appointments.test-only.test.ts proves both), and only an administrator may call it. It is not in
 * role-matrix.json because the product's route table never has it.
 */
export default async function appointmentsTestOnlyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/test-only/appointments/:token/started', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, response: { 200: z.object({ fecha: z.string(), hora: z.string() }), ...errorResponses } },
    handler: async (request) => app.appointments.backdateForTests(request.params.token),
  });
}
