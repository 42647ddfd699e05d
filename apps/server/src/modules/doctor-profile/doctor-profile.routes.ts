import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { doctorProfileInputSchema, doctorProfileSchema, messages } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';
const idParams = z.object({ id: z.uuid({ error: messages.notFound }) });
const saved = z.object({ success: z.literal(true), message: z.string(), perfil: doctorProfileSchema });

/**
 * The doctor's identity on documents (issue 22, docs/decisions/0041): the doctor's own profile
 * at /Perfil_Admin_Doctor, and any doctor's for an administrator. Every change is audited.
 */
export default async function doctorProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.doctorProfiles;

  app.get('/api/doctor/profile', {
    config: { access: 'doctor' },
    schema: { response: { 200: doctorProfileSchema, ...errorResponses } },
    handler: async (request) => service.get(requireRole(request, 'doctor').accountId),
  });

  app.put('/api/doctor/profile', {
    config: { access: 'doctor' },
    schema: { body: doctorProfileInputSchema, response: { 200: saved, ...errorResponses } },
    handler: async (request) => {
      const id = requireRole(request, 'doctor').accountId;
      const perfil = await service.save(id, request.body);
      await app.audit(request, { action: 'doctor_profile.update', resource: { type: 'staff', id }, patientId: null, detail: 'por el propio médico' });
      return { success: true as const, message: messages.doctorProfileSaved, perfil };
    },
  });

  app.get('/api/admin/doctors/:id/profile', {
    config: { access: 'admin' },
    schema: { params: idParams, response: { 200: doctorProfileSchema, ...errorResponses } },
    handler: async (request) => service.get(request.params.id.toLowerCase()),
  });

  app.put('/api/admin/doctors/:id/profile', {
    config: { access: 'admin' },
    schema: { params: idParams, body: doctorProfileInputSchema, response: { 200: saved, ...errorResponses } },
    handler: async (request) => {
      const id = request.params.id.toLowerCase();
      const perfil = await service.save(id, request.body);
      // Who changed which doctor's printed identity, and to what registration number.
      await app.audit(request, {
        action: 'doctor_profile.update',
        resource: { type: 'staff', id },
        patientId: null,
        detail: `por un administrador: registro ${perfil.regNumber}`,
      });
      return { success: true as const, message: messages.doctorProfileSaved, perfil };
    },
  });
}
