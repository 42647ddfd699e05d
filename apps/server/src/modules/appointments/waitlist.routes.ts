import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blockedDatesQuerySchema,
  blockedDatesSchema,
  messages,
  resultSchema,
  waitlistCountsSchema,
  waitlistEntriesSchema,
  waitlistIdParamsSchema,
  waitlistJoinedSchema,
  waitlistJoinSchema,
  waitlistOfferParamsSchema,
  waitlistOfferSchema,
} from '@clinica/shared';
import { AppError, errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';

/**
 * The waitlist (issue 24, item 5, decision 0050): the patient joins a full day, sees and leaves
 * their entries and opens an offer; staff see how many wait per day. Booking with an offer is the
 * normal booking (POST /api/appointments/paypal/order or /receipt with `oferta`).
 */
export default async function waitlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.appointments;
  const waitlist = () => {
    if (!service.waitlist) throw new AppError(404, messages.notFound);
    return service.waitlist;
  };

  // The days of the doctor that are full (worked, every hour taken): /citas lets a patient pick them to join their waitlist.
  app.get('/api/appointments/waitlist/days', {
    config: { access: 'patient' },
    schema: { querystring: blockedDatesQuerySchema, response: { 200: blockedDatesSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.fullDates(request.query.id);
    },
  });

  app.post('/api/appointments/waitlist', {
    config: { access: 'patient' },
    schema: { body: waitlistJoinSchema, response: { 201: waitlistJoinedSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { id } = await waitlist().join(requireRole(request, 'patient').accountId, request.body);
      return reply.code(201).send({ success: true as const, message: messages.waitlistJoined, id });
    },
  });

  // The patient's own entries: audited like their list of appointments (it names doctor, service and day).
  app.get('/api/appointments/waitlist', {
    config: { access: 'patient' },
    schema: { response: { 200: waitlistEntriesSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const me = requireRole(request, 'patient').accountId;
      const rows = await waitlist().mine(me);
      await app.audit(request, { action: 'appointment.list', role: 'patient', patientId: me, detail: `lista de espera: ${rows.length}` });
      return rows.map((r) => ({
        id: r.id,
        doctor: r.doctor,
        servicio: r.servicio,
        fecha: r.fecha,
        created_at: r.created_at.toISOString(),
        ofertas: r.ofertas.map((o) => ({ token: o.token, hora: o.hora, expira_at: o.expira_at.toISOString() })),
      }));
    },
  });

  app.delete('/api/appointments/waitlist/:id', {
    config: { access: 'patient' },
    schema: { params: waitlistIdParamsSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await waitlist().leave(requireRole(request, 'patient').accountId, request.params.id);
      return { success: true, message: messages.waitlistLeft };
    },
  });

  // The offer a mail's link opens: its own patient only (anyone else: 404).
  app.get('/api/appointments/waitlist/offers/:token', {
    config: { access: 'patient' },
    schema: { params: waitlistOfferParamsSchema, response: { 200: waitlistOfferSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const me = requireRole(request, 'patient').accountId;
      const o = await waitlist().offer(me, request.params.token);
      await app.audit(request, { action: 'appointment.read', role: 'patient', patientId: me, detail: 'oferta de lista de espera' });
      return {
        token: o.token,
        id_doctor: o.doctor_id,
        doctor: o.doctor,
        servicio: o.servicio,
        fecha: o.fecha,
        hora: o.hora,
        expira_at: o.expira_at.toISOString(),
        estado: o.estado,
        message: o.message,
      };
    },
  });

  // Staff: how many patients wait per day (a number; no patient named).
  app.get('/api/doctor/waitlist', {
    config: { access: 'doctor' },
    schema: { response: { 200: waitlistCountsSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return waitlist().counts(requireRole(request, 'doctor').accountId);
    },
  });

  app.get('/api/admin/waitlist', {
    config: { access: 'admin' },
    schema: { response: { 200: waitlistCountsSchema, ...errorResponses } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return waitlist().counts();
    },
  });
}
