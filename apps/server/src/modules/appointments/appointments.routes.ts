import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  PAGE_SIZE,
  RECEIPT_FILE_FIELD,
  type AppointmentPageQuery,
  appointmentAttendanceSchema,
  appointmentCancelSchema,
  appointmentRescheduleSchema,
  bookingPolicySchema,
  appointmentDetailSchema,
  appointmentPageQuerySchema,
  appointmentPaypalCaptureSchema,
  appointmentPaypalOrderSchema,
  appointmentReceiptSchema,
  appointmentRowSchema,
  appointmentSubmittedSchema,
  blockDateResultSchema,
  blockDateSchema,
  blockedDateParamsSchema,
  blockedDateQuerySchema,
  doctorIdParamsSchema,
  weeklyHoursResultSchema,
  weeklyHoursUpdateSchema,
  weeklyHoursViewSchema,
  blockedDatesQuerySchema,
  blockedDatesSchema,
  doctorBlockedDatesSchema,
  freeHoursQuerySchema,
  freeHoursSchema,
  messages,
  pageSchema,
  paypalOrderCreatedSchema,
  appointmentYappyOrderSchema,
  YAPPY_API,
  yappyOrderStartedSchema,
  resultSchema,
  searchSchema,
  tokenParamsSchema,
} from '@clinica/shared';
import { AppError, errorResponses } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { appointmentIcs, clinicContact } from '../mail/index.js';
import { requireRole } from '../../infra/http/access.js';
import { toYappyOrderStarted } from '../payments/index.js';
import type { AppointmentsService as Service } from './appointments.service.js';


type Page = Awaited<ReturnType<Service['list']>>;
type Row = Omit<Page['items'][number], 'cursor_at'>;
type Detail = Awaited<ReturnType<Service['detail']>>;

const toRow = (r: Row) => ({
  id: r.id,
  token: r.token,
  numero: r.numero,
  nombre: r.nombre,
  apellido: r.apellido,
  fecha: r.fecha,
  hora: r.hora,
  servicio: r.servicio,
  estado: r.estado,
  doctor: `${r.doctor_nombre} ${r.doctor_apellido}`,
  metodo_de_pago: r.metodo_de_pago,
  estado_pago: r.estado_pago,
  cancelable: r.cancelable,
  reservada_hasta: heldUntil(r),
  asistencia_confirmada_at: r.asistencia_confirmada_at?.toISOString() ?? null,
  secuencia: r.secuencia,
  reprogramada: r.reprogramada_at !== null,
  asistencia: r.asistencia,
  cancelada_por: r.cancelada_por,
  motivo_cancelacion: r.motivo_cancelacion,
  reprogramable: r.reprogramable,
});

/** The deadline of a booking waiting for its receipt's approval (decision 0050); null otherwise. */
const heldUntil = (r: { estado: string; reservada_hasta: Date | null }) =>
  r.estado === 'pendiente' && r.reservada_hasta ? r.reservada_hasta.toISOString() : null;

/** A page of a list as it leaves the server: {items, next_cursor}, like the other paged staff lists. */
const toPage = (p: Page) => ({ items: p.items.map(toRow), next_cursor: p.next_cursor });

/** The paging of a list request: PAGE_SIZE rows unless told. */
const paging = (q: AppointmentPageQuery) => ({ cursor: q.cursor, limit: q.limit ?? PAGE_SIZE });

const rowPage = pageSchema(appointmentRowSchema);

/** The detail modal; doctors see the appointment without its payment. */
const toDetail = (d: Detail, view: 'patient' | 'doctor' | 'admin') => ({
  ...toRow(d),
  correo: d.correo,
  telefono: `${d.country_code} ${d.celular}`,
  mensaje: d.mensaje,
  created_at: d.created_at.toISOString(),
  // Staff e-mail addresses are not for patients (decision 0049, session 10).
  correo_doctor: view === 'patient' ? null : d.correo_doctor,
  id_doctor: d.doctor_id,
  inasistencias: null,
  estado_inasistencias: null,
  asistencia_marcable: view !== 'patient' && d.asistencia_marcable,
  pago:
    view === 'doctor' || d.metodo_de_pago === null || d.estado_pago === null || d.monto_cents === null
      ? null
      : {
          metodo_de_pago: d.metodo_de_pago,
          monto: d.monto_cents / 100,
          estado: d.estado_pago,
          motivo_rechazo: d.motivo_rechazo,
          reembolso: d.reembolso_estado,
        },
});

/** Staff's detail: the patient's no-show count beside it (decision 0049). */
const withNoShows = async (service: Service, d: Detail, view: 'doctor' | 'admin') => {
  const status = await service.noShowStatus(d.patient_id);
  return { ...toDetail(d, view), inasistencias: status.inasistencias, estado_inasistencias: status };
};

/** In-person appointments: availability, booking with payment, the three lists, cancellation, unavailable dates. */
export default async function appointmentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.appointments;
  const icsContext = { clinicName: app.config.clinic.name, origin: app.config.mail.linkOrigin, contact: clinicContact(app.config.clinic) };

  /** The role a route serves (its single `config.access`): whose account the audit row names. */
  const roleOf = (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    return access === 'patient' || access === 'doctor' || access === 'admin' ? access : undefined;
  };
  // Every read of appointments is audited with the patients it showed (decision 0030).
  const listed = async (request: FastifyRequest, page: Page, detail?: string) => {
    await app.audit(request, {
      action: 'appointment.list',
      role: roleOf(request),
      patientIds: page.items.map((r) => r.patient_id),
      detail: `filas: ${page.items.length}${detail ? `, ${detail}` : ''}`,
    });
    return toPage(page);
  };
  const read = async <T extends { id: string; patient_id: string }>(request: FastifyRequest, a: T) => {
    await app.audit(request, { action: 'appointment.read', role: roleOf(request), resource: { type: 'appointment', id: a.id }, patientId: a.patient_id });
    return a;
  };

  // --- availability (the booking form; staff may look too) --------------------------------------

  // obtener_fechas_disponibles.php?id: the doctor's unavailable dates, blocked in the picker.
  app.get('/api/appointments/blocked-dates', {
    config: { access: ['patient', 'doctor', 'admin'] },
    schema: { querystring: blockedDatesQuerySchema, response: { 200: blockedDatesSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.blockedDates(request.query.id);
    },
  });

  // obtener_horas_disponibles.php?fecha&id: the doctor's free hours that day.
  app.get('/api/appointments/hours', {
    config: { access: ['patient', 'doctor', 'admin'] },
    schema: { querystring: freeHoursQuerySchema, response: { 200: freeHoursSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.freeHours(request.query.id, request.query.fecha);
    },
  });

  // --- booking ----------------------------------------------------------------------------------

  // actualizar_sesion_paypal.php {metodo_de_pago, monto}: the order for the server's price; the slot is held.
  app.post('/api/appointments/paypal/order', {
    config: { access: 'patient' },
    schema: { body: appointmentPaypalOrderSchema, response: { 200: paypalOrderCreatedSchema, ...errorResponses } },
    handler: async (request) => {
      const { id } = await service.createPaypalOrder(requireRole(request, 'patient').accountId, request.body);
      return { success: true as const, status: 'success' as const, message: messages.paypalOrderCreated, id };
    },
  });

  // Yappy's button (decision 0058): the booking without an amount; the slot is held while the patient pays.
  app.post(YAPPY_API.appointmentOrder, {
    config: { access: 'patient' },
    schema: { body: appointmentYappyOrderSchema, response: { 200: yappyOrderStartedSchema, ...errorResponses } },
    handler: async (request) => toYappyOrderStarted(await service.startYappy(requireRole(request, 'patient').accountId, request.body)),
  });

  // pago_paypal.php: monto, servicio, mensaje, fecha, hora, id_doctor, orderID, payerID.
  app.post('/api/appointments/paypal/capture', {
    config: { access: 'patient' },
    schema: { body: appointmentPaypalCaptureSchema, response: { 200: appointmentSubmittedSchema, ...errorResponses } },
    handler: async (request) => {
      const booked = await service.capturePaypal(requireRole(request, 'patient').accountId, request.body);
      return { success: true as const, status: 'success' as const, message: messages.appointmentSent, token: booked.token, estado: booked.estado, reservada_hasta: heldUntil(booked) };
    },
  });

  // pago_yappy_y_tranferencia.php (multipart): metodo_de_pago, monto, servicio, mensaje, fecha, hora, id_doctor and the receipt.
  app.post('/api/appointments/receipt', {
    config: { access: 'patient' },
    schema: { response: { 200: appointmentSubmittedSchema, ...errorResponses } },
    handler: async (request) => {
      const patientId = requireRole(request, 'patient').accountId;
      const { fields, files } = await readMultipart(request, [RECEIPT_FILE_FIELD]);
      const file = files.find((f) => f.field === RECEIPT_FILE_FIELD);
      const parsed = appointmentReceiptSchema.safeParse(fields);
      if (!file || (!parsed.success && parsed.error.issues.some((i) => i.message === messages.missingFields))) {
        // The form's own message for transfer and Yappy: every field, the receipt included.
        throw new AppError(400, messages.missingFieldsWithReceipt, file ? {} : { [RECEIPT_FILE_FIELD]: messages.missingFieldsWithReceipt });
      }
      const input = parseOrThrow(appointmentReceiptSchema, fields);
      const booked = await service.submitReceipt(patientId, input, { ...file, field: RECEIPT_FILE_FIELD });
      return { success: true as const, status: 'success' as const, message: messages.receiptSent, token: booked.token, estado: booked.estado, reservada_hasta: heldUntil(booked) };
    },
  });

  // --- the patient's appointments (/Citas_usuario) -----------------------------------------------

  // Citas.php, paged: ?cursor&limit.
  app.get('/api/appointments', {
    config: { access: 'patient' },
    schema: { querystring: appointmentPageQuerySchema, response: { 200: rowPage, ...errorResponses } },
    handler: async (request) => listed(request, await service.list({ patientId: requireRole(request, 'patient').accountId }, paging(request.query))),
  });

  // Citas_Boton.php?token
  app.get('/api/appointments/:token', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: { 200: appointmentDetailSchema, ...errorResponses } },
    handler: async (request) => toDetail(await read(request, await service.detail(request.params.token, { patientId: requireRole(request, 'patient').accountId })), 'patient'),
  });

  app.post('/api/appointments/:token/cancel', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.cancelByPatient(request.params.token, requireRole(request, 'patient').accountId);
      return { success: true, message: messages.appointmentCancelled };
    },
  });

  // The appointment as an iCalendar file, for the patient's own calendar.
  app.get('/api/appointments/:token/calendar.ics', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const a = await read(request, await service.detail(request.params.token, { patientId: requireRole(request, 'patient').accountId }));
      if (a.estado === 'cancelada') throw new AppError(409, messages.appointmentIcsCancelled);
      const ics = appointmentIcs({ appointmentId: a.id, start: a.inicio, secuencia: a.secuencia }, icsContext, 'PUBLISH');
      // A file, not JSON: the response schema covers the refusals only.
      return (reply as FastifyReply)
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="cita-${a.fecha}-${a.hora.replace(':', '')}.ics"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(ics.contentBase64, 'base64'));
    },
  });

  // --- doctors (/Citas_Admin_Doctor, /Fecha_Admin_Doctor) ------------------------------------------

  // Citas_Admin_Doctores.php: the doctor's own appointments only; paged: ?cursor&limit.
  app.get('/api/doctor/appointments', {
    config: { access: 'doctor' },
    schema: { querystring: appointmentPageQuerySchema, response: { 200: rowPage, ...errorResponses } },
    handler: async (request) => listed(request, await service.list({ doctorId: requireRole(request, 'doctor').accountId }, paging(request.query))),
  });

  // Algoritmo_Citas_Doctores.php: JSON input (the patient's first name); paged: ?cursor&limit.
  app.post('/api/doctor/appointments/search', {
    config: { access: 'doctor' },
    schema: { querystring: appointmentPageQuerySchema, body: searchSchema, response: { 200: rowPage, ...errorResponses } },
    handler: async (request) =>
      listed(request, await service.list({ doctorId: requireRole(request, 'doctor').accountId, nombre: request.body.input }, paging(request.query)), 'búsqueda por nombre'),
  });

  // Citas_Admin_Doctores_Boton.php?token
  app.get('/api/doctor/appointments/:token', {
    config: { access: 'doctor' },
    schema: { params: tokenParamsSchema, response: { 200: appointmentDetailSchema, ...errorResponses } },
    handler: async (request) =>
      withNoShows(service, await read(request, await service.detail(request.params.token, { doctorId: requireRole(request, 'doctor').accountId })), 'doctor'),
  });

  app.get('/api/doctor/blocked-dates', {
    config: { access: 'doctor' },
    schema: { response: { 200: doctorBlockedDatesSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.doctorBlockedDates(requireRole(request, 'doctor').accountId);
    },
  });

  // ingresar_fechas.php: JSON date, optionally `desde`/`hasta` for part of the day (and `confirmar`
  // after the warning about appointments held in it).
  app.post('/api/doctor/blocked-dates', {
    config: { access: 'doctor' },
    schema: { body: blockDateSchema, response: { 200: blockDateResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { date, desde, hasta, confirmar } = request.body;
      const range = desde && hasta ? { desde, hasta } : null;
      return service.blockDate(requireRole(request, 'doctor').accountId, date, range, confirmar === true);
    },
  });

  // ?desde&hasta: lifts that part-of-day block; without them, the whole-day block.
  app.delete('/api/doctor/blocked-dates/:fecha', {
    config: { access: 'doctor' },
    schema: { params: blockedDateParamsSchema, querystring: blockedDateQuerySchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const { desde, hasta } = request.query;
      await service.unblockDate(requireRole(request, 'doctor').accountId, request.params.fecha, desde && hasta ? { desde, hasta } : null);
      return { success: true, message: messages.dateUnblockedOk };
    },
  });

  // The doctor's own weekly hours (issue 24): read, and set (with `confirmar` after the warning).
  app.get('/api/doctor/weekly-hours', {
    config: { access: 'doctor' },
    schema: { response: { 200: weeklyHoursViewSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.weeklyHours(requireRole(request, 'doctor').accountId);
    },
  });

  app.put('/api/doctor/weekly-hours', {
    config: { access: 'doctor' },
    schema: { body: weeklyHoursUpdateSchema, response: { 200: weeklyHoursResultSchema, ...errorResponses } },
    handler: async (request) => {
      const doctorId = requireRole(request, 'doctor').accountId;
      return service.setWeeklyHours(doctorId, request.body.horario, request.body.confirmar === true, doctorId);
    },
  });

  // --- administrators (/Citas_Admin) ---------------------------------------------------------------

  // Citas_Admin.php, paged: ?cursor&limit.
  app.get('/api/admin/appointments', {
    config: { access: 'admin' },
    schema: { querystring: appointmentPageQuerySchema, response: { 200: rowPage, ...errorResponses } },
    handler: async (request) => listed(request, await service.list({}, paging(request.query))),
  });

  // Algoritmo_Citas.php, paged: ?cursor&limit.
  app.post('/api/admin/appointments/search', {
    config: { access: 'admin' },
    schema: { querystring: appointmentPageQuerySchema, body: searchSchema, response: { 200: rowPage, ...errorResponses } },
    handler: async (request) => listed(request, await service.list({ nombre: request.body.input }, paging(request.query)), 'búsqueda por nombre'),
  });

  // Citas_Admin_Boton.php?token
  app.get('/api/admin/appointments/:token', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, response: { 200: appointmentDetailSchema, ...errorResponses } },
    handler: async (request) => withNoShows(service, await read(request, await service.detail(request.params.token)), 'admin'),
  });

  // Any doctor's weekly hours, read and set by an administrator (issue 24).
  app.get('/api/admin/doctors/:id/weekly-hours', {
    config: { access: 'admin' },
    schema: { params: doctorIdParamsSchema, response: { 200: weeklyHoursViewSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.weeklyHours(request.params.id);
    },
  });

  app.put('/api/admin/doctors/:id/weekly-hours', {
    config: { access: 'admin' },
    schema: { params: doctorIdParamsSchema, body: weeklyHoursUpdateSchema, response: { 200: weeklyHoursResultSchema, ...errorResponses } },
    handler: async (request) => {
      const adminId = requireRole(request, 'admin').accountId;
      return service.setWeeklyHours(request.params.id, request.body.horario, request.body.confirmar === true, adminId);
    },
  });

  // Any doctor's unavailable dates and part-day blocks, read, set and lifted by an administrator
  // (issue 24), with the same warning and rules as the doctor's own.
  app.get('/api/admin/doctors/:id/blocked-dates', {
    config: { access: 'admin' },
    schema: { params: doctorIdParamsSchema, response: { 200: doctorBlockedDatesSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.doctorBlockedDates(request.params.id, { checkDoctor: true });
    },
  });

  app.post('/api/admin/doctors/:id/blocked-dates', {
    config: { access: 'admin' },
    schema: { params: doctorIdParamsSchema, body: blockDateSchema, response: { 200: blockDateResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { date, desde, hasta, confirmar } = request.body;
      return service.blockDate(request.params.id, date, desde && hasta ? { desde, hasta } : null, confirmar === true, { checkDoctor: true });
    },
  });

  app.delete('/api/admin/doctors/:id/blocked-dates/:fecha', {
    config: { access: 'admin' },
    schema: {
      params: z.extend(doctorIdParamsSchema, blockedDateParamsSchema.shape),
      querystring: blockedDateQuerySchema,
      response: { 200: resultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { desde, hasta } = request.query;
      await service.unblockDate(request.params.id, request.params.fecha, desde && hasta ? { desde, hasta } : null);
      return { success: true, message: messages.dateUnblockedOk };
    },
  });

  app.post('/api/admin/appointments/:token/cancel', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, body: appointmentCancelSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.cancelByAdmin(request.params.token, requireRole(request, 'admin').accountId, request.body.motivo);
      return { success: true, message: messages.appointmentCancelled };
    },
  });

  // --- reschedule, attendance, the no-show policy (issue 24, decision 0049) ------------------------

  // /citas asks before the patient chooses how to pay: after too many no-shows, PayPal only.
  app.get('/api/appointments/policy', {
    config: { access: 'patient' },
    schema: { response: { 200: bookingPolicySchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.bookingPolicy(requireRole(request, 'patient').accountId);
    },
  });

  app.post('/api/appointments/:token/reschedule', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, body: appointmentRescheduleSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.reschedule(request.params.token, request.body, { patientId: requireRole(request, 'patient').accountId });
      return { success: true, message: messages.appointmentRescheduled };
    },
  });

  // On the patient's behalf (the admin's appointment details), also inside the notice window.
  app.post('/api/admin/appointments/:token/reschedule', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, body: appointmentRescheduleSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.reschedule(request.params.token, request.body, { staffId: requireRole(request, 'admin').accountId });
      return { success: true, message: messages.appointmentRescheduled };
    },
  });

  // The doctor's own appointments only (another doctor's: 404).
  app.post('/api/doctor/appointments/:token/attendance', {
    config: { access: 'doctor' },
    schema: { params: tokenParamsSchema, body: appointmentAttendanceSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const doctorId = requireRole(request, 'doctor').accountId;
      await service.markAttendance(request.params.token, request.body.asistencia, { staffId: doctorId, doctorId });
      return { success: true, message: messages.appointmentAttendanceMarked };
    },
  });

  app.post('/api/admin/appointments/:token/attendance', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, body: appointmentAttendanceSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.markAttendance(request.params.token, request.body.asistencia, { staffId: requireRole(request, 'admin').accountId });
      return { success: true, message: messages.appointmentAttendanceMarked };
    },
  });
}

