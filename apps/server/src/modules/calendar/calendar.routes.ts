import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarFeedActionSchema,
  calendarFeedCreatedSchema,
  calendarFeedFileParamsSchema,
  calendarFeedStateSchema,
  calendarWeekQuerySchema,
  calendarWeekSchema,
  type CalendarWeek,
  doctorIdParamsSchema,
  messages,
  resultSchema,
} from '@clinica/shared';
import { AppError, errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';
import { sharedThrottle } from '../auth/index.js';

/** The doctors' private calendar feeds (issue 24, item 6; decision 0051). */
export default async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const calendar = app.calendar;
  // The feed needs no sign-in: a guessed or leaked URL is slowed per client address.
  const feedRequests = sharedThrottle(app, { name: 'calendar-feed-ip', max: app.config.quotas.calendarFeedPerAddressHour, windowMs: 3_600_000 });

  // The week view carries patients' names: audited with each patient shown (decision 0030).
  const weekShown = async (request: FastifyRequest, role: 'doctor' | 'admin', week: CalendarWeek & { patientIds: string[] }) => {
    const { patientIds, ...shown } = week;
    await app.audit(request, { action: 'appointment.list', role, patientIds, detail: `semana ${week.desde}, citas: ${patientIds.length}` });
    return shown;
  };

  // The doctor's own week (/Citas_Admin_Doctor, 'Semana'); `doctor` in the query is ignored: only their own.
  app.get('/api/doctor/calendar/week', {
    config: { access: 'doctor' },
    schema: { querystring: calendarWeekQuerySchema, response: { 200: calendarWeekSchema, ...errorResponses } },
    handler: async (request) => weekShown(request, 'doctor', await calendar.week(request.query.desde, requireRole(request, 'doctor').accountId)),
  });

  // An administrator's week (/Citas_Admin, 'Semana'): one doctor, or every active doctor without `doctor`.
  app.get('/api/admin/calendar/week', {
    config: { access: 'admin' },
    schema: { querystring: calendarWeekQuerySchema, response: { 200: calendarWeekSchema, ...errorResponses } },
    handler: async (request) => weekShown(request, 'admin', await calendar.week(request.query.desde, request.query.doctor)),
  });

  // The subscription itself: Google, Apple and Outlook fetch it with no cookie.
  app.get('/api/calendar/:file', {
    config: { access: 'anonymous' },
    schema: { params: calendarFeedFileParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      if (await feedRequests.isBlocked([request.ip])) throw new AppError(429, messages.calendarFeedTooMany);
      await feedRequests.recordFailure([request.ip]);
      const feed = await calendar.feed(request.params.file);
      // Whose names the feed showed, with the doctor as the reader (decision 0030).
      await app.audit(request, {
        action: 'appointment.list',
        actor: { role: 'doctor', accountId: feed.doctor.id, correo: feed.doctor.correo },
        patientIds: feed.patientIds,
        detail: `calendario suscrito, eventos: ${feed.patientIds.length}`,
      });
      // A file, not JSON: the response schema covers the refusals only.
      return (reply as FastifyReply)
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="citas.ics"')
        .header('cache-control', 'private, no-store')
        .send(feed.body);
    },
  });

  app.get('/api/doctor/calendar-feed', {
    config: { access: 'doctor' },
    schema: { response: { 200: calendarFeedStateSchema, ...errorResponses } },
    handler: async (request) => calendar.state(requireRole(request, 'doctor').accountId),
  });

  app.post('/api/doctor/calendar-feed', {
    config: { access: 'doctor' },
    schema: { body: calendarFeedActionSchema, response: { 200: calendarFeedCreatedSchema, ...errorResponses } },
    handler: async (request) => {
      const doctorId = requireRole(request, 'doctor').accountId;
      return { success: true as const, message: messages.calendarFeedCreated, url: await calendar.create(doctorId, doctorId) };
    },
  });

  app.delete('/api/doctor/calendar-feed', {
    config: { access: 'doctor' },
    schema: { body: calendarFeedActionSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await calendar.revoke(requireRole(request, 'doctor').accountId);
      return { success: true, message: messages.calendarFeedRevoked };
    },
  });

  // An administrator stops a doctor's feed (a lost phone, a doctor who left); only the doctor makes a new one.
  app.delete('/api/admin/doctors/:id/calendar-feed', {
    config: { access: 'admin' },
    schema: { params: doctorIdParamsSchema, body: calendarFeedActionSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await calendar.revoke(request.params.id);
      return { success: true, message: messages.calendarFeedRevoked };
    },
  });
}
