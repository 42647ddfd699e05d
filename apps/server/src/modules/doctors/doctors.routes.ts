import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { doctorListItemSchema, doctorsQuerySchema, errorSchema } from '@clinica/shared';

/** getDoctores.php: the doctors of a service, for the consultation and appointment forms. */
export default async function doctorsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const doctors = app.doctors;

  app.get('/api/doctors', {
    config: { access: ['patient', 'admin'] },
    schema: { querystring: doctorsQuerySchema, response: { 200: z.array(doctorListItemSchema), 400: errorSchema, 401: errorSchema } },
    handler: async (request) =>
      // By name and service, never by e-mail (docs/spec/decisions.md): staff addresses invite phishing and sign-in attacks.
      (await doctors.byService(request.query.servicio)).map((d) => ({ id: d.id, nombre: `${d.nombre} ${d.apellido}`, servicio: request.query.servicio })),
  });
}
