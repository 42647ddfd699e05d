import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECEIPT_FILE_FIELD,
  adminConsultationDetailSchema,
  activeConsultationsSchema,
  authorisationStatusSchema,
  chatSessionSchema,
  consentSchema,
  consultationClassificationSchema,
  consultationDetailSchema,
  consultationPaypalCaptureSchema,
  consultationPaypalOrderSchema,
  consultationYappyOrderSchema,
  YAPPY_API,
  yappyOrderStartedSchema,
  consultationReceiptSchema,
  consultationRowSchema,
  consultationSessionSchema,
  consultationSubmittedSchema,
  consultationTargetQuerySchema,
  fileParamsSchema,
  messages,
  paypalOrderCreatedSchema,
  resultSchema,
  tokenParamsSchema,
} from '@clinica/shared';
import { AppError, errorResponses } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { sendStoredFile } from '../../infra/http/send-file.js';
import { searchableAdminList } from '../../infra/http/searchable-admin-list.js';
import {
  toActiveConsultation,
  toAuthorisation,
  toChatSession,
  toDetail,
  toRow,
  toSessionInfo,
} from './consultations.mapper.js';
import { toConsultationCall } from '../video/index.js';
import { toYappyOrderStarted } from '../payments/index.js';
import { requireRole } from '../../infra/http/access.js';

/** Virtual consultations: the patient's request and payment, the chat permission, and the admin screen. */
export default async function consultationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.consultations;

  // --- patients ------------------------------------------------------------------------------

  app.get('/api/consultations/session', {
    config: { access: 'patient' },
    schema: { response: { 200: consultationSessionSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toSessionInfo(requireRole(request, 'patient'), service.isOpen());
    },
  });

  app.post('/api/consultations/consent', {
    config: { access: 'patient' },
    schema: { body: consentSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.recordConsent(requireRole(request, 'patient').accountId, request.body.aceptar);
      return { success: true, message: request.body.aceptar === 'si' ? messages.consentRecorded : messages.consentDeclined };
    },
  });

  // "Update session for PayPal" {metodo_de_pago, monto}: the order for the server's price.
  app.post('/api/consultations/paypal/order', {
    config: { access: 'patient' },
    schema: { body: consultationPaypalOrderSchema, response: { 200: paypalOrderCreatedSchema, ...errorResponses } },
    handler: async (request) => {
      const { id } = await service.createPaypalOrder(requireRole(request, 'patient').accountId, request.body);
      return { success: true as const, status: 'success' as const, message: messages.paypalOrderCreated, id };
    },
  });

  // Yappy's button (decision 0058): the request without an amount; the order for the server's price.
  app.post(YAPPY_API.consultationOrder, {
    config: { access: 'patient' },
    schema: { body: consultationYappyOrderSchema, response: { 200: yappyOrderStartedSchema, ...errorResponses } },
    handler: async (request) => toYappyOrderStarted(await service.startYappy(requireRole(request, 'patient').accountId, request.body)),
  });

  // "Verify PayPal payment": the history fields, doctor_id, orderID, payerID.
  app.post('/api/consultations/paypal/capture', {
    config: { access: 'patient' },
    schema: { body: consultationPaypalCaptureSchema, response: { 200: consultationSubmittedSchema, ...errorResponses } },
    handler: async (request) => {
      const { token } = await service.capturePaypal(requireRole(request, 'patient').accountId, request.body);
      return { success: true as const, status: 'success' as const, message: messages.allSent, token, chat: true };
    },
  });

  // "Update session for transfer or Yappy": multipart fields and the receipt file.
  app.post('/api/consultations/receipt', {
    config: { access: 'patient' },
    schema: { response: { 200: consultationSubmittedSchema, ...errorResponses } },
    handler: async (request) => {
      const patient = requireRole(request, 'patient');
      const { fields, files } = await readMultipart(request, [RECEIPT_FILE_FIELD]);
      const input = parseOrThrow(consultationReceiptSchema, fields);
      const file = files.find((f) => f.field === RECEIPT_FILE_FIELD);
      if (!file) {
        throw new AppError(400, messages.missingFieldsWithReceipt, { [RECEIPT_FILE_FIELD]: messages.missingFieldsWithReceipt });
      }
      const { token } = await service.submitReceipt(patient.accountId, input, { ...file, field: RECEIPT_FILE_FIELD });
      return { success: true as const, status: 'success' as const, message: messages.receiptSent, token, chat: false };
    },
  });

  // "Consultation authorisation check every 5 s".
  // With `?consulta=<token>`, that consultation's state (the page waits for one consultation).
  app.get('/api/consultations/authorisation', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: authorisationStatusSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toAuthorisation(await service.waiting(requireRole(request, 'patient').accountId, request.query.consulta));
    },
  });

  // The way back (decision 0032): the patient's consultations waiting for the clinic and their open chats.
  app.get('/api/consultations/active', {
    config: { access: 'patient' },
    schema: { response: { 200: activeConsultationsSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const active = await service.active(requireRole(request, 'patient').accountId);
      return { consultas: active.map((a) => toActiveConsultation(a, app.now())) };
    },
  });

  // "Chat session check": the gate of /ConsultaChat (401 signed out, 403 without permission).
  app.get('/api/consultations/chat-session', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: chatSessionSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const patient = requireRole(request, 'patient');
      return toChatSession(patient, await service.chatConsultation(patient.accountId, request.query.consulta));
    },
  });

  app.get('/api/consultations', {
    config: { access: 'patient' },
    schema: { response: { 200: z.array(consultationRowSchema), ...errorResponses } },
    handler: async (request) => {
      const patientId = requireRole(request, 'patient').accountId;
      const rows = (await service.list({ patientId })).map((r) => toRow(r, app.now(), 'patient'));
      await app.audit(request, { action: 'consultation.list', role: 'patient', patientId, detail: `filas: ${rows.length}` });
      return rows;
    },
  });

  app.get('/api/consultations/:token', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: { 200: consultationDetailSchema, ...errorResponses } },
    handler: async (request) => {
      const { row, images } = await service.detail(request.params.token, requireRole(request, 'patient').accountId);
      await app.audit(request, { action: 'consultation.read', role: 'patient', resource: { type: 'consultation', id: row.id }, patientId: row.patient_id });
      return toDetail(row, images, '/api/consultations', '/api/receipts', app.now(), 'patient');
    },
  });

  app.get('/api/consultations/:token/exam-file', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const file = await service.file(request.params.token, { kind: 'exam' }, requireRole(request, 'patient').accountId);
      await app.audit(request, { action: 'file.exam', resource: { type: 'consultation', id: request.params.token } });
      return sendStoredFile(reply, file);
    },
  });

  app.get('/api/consultations/:token/images/:fileId', {
    config: { access: 'patient' },
    schema: { params: fileParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const file = await service.file(request.params.token, { kind: 'image', fileId: request.params.fileId }, requireRole(request, 'patient').accountId);
      await app.audit(request, { action: 'file.consultation_image', resource: { type: 'consultation', id: request.params.token } });
      return sendStoredFile(reply, file);
    },
  });

  // --- administrators (/Consultas_Admin) -------------------------------------------------------

  // Consulta_Admin.php and Algoritmo_Consulta.php, paged (decision 0039): every patient shown is audited.
  searchableAdminList(app, {
    path: '/api/admin/consultations',
    row: consultationRowSchema,
    page: (q) => service.adminPage(q),
    patientOf: (r) => r.patient_id,
    audit: (request, read) => app.audit(request, { action: 'consultation.list', ...read }),
    toRow: (r) => toRow(r, app.now(), 'staff'),
  });

  app.get('/api/admin/consultations/:token', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, response: { 200: adminConsultationDetailSchema, ...errorResponses } },
    handler: async (request) => {
      const { row, images } = await service.detail(request.params.token);
      await app.audit(request, { action: 'consultation.read', resource: { type: 'consultation', id: row.id }, patientId: row.patient_id });
      const calls = await app.video.callsOf([row.id]);
      return {
        ...toDetail(row, images, '/api/admin/consultations', '/api/admin/receipts', app.now(), 'staff'),
        videollamadas: calls.map(toConsultationCall),
      };
    },
  });

  app.get('/api/admin/consultations/:token/exam-file', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const file = await service.file(request.params.token, { kind: 'exam' });
      await app.audit(request, { action: 'file.exam', resource: { type: 'consultation', id: request.params.token } });
      return sendStoredFile(reply, file);
    },
  });

  app.get('/api/admin/consultations/:token/images/:fileId', {
    config: { access: 'admin' },
    schema: { params: fileParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const file = await service.file(request.params.token, { kind: 'image', fileId: request.params.fileId });
      await app.audit(request, { action: 'file.consultation_image', resource: { type: 'consultation', id: request.params.token } });
      return sendStoredFile(reply, file);
    },
  });

  // actualizar_consulta.php: consulta_id, correo, tipo_consulta, estado_consulta.
  app.post('/api/admin/consultations/update', {
    config: { access: 'admin' },
    schema: { body: consultationClassificationSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const input = request.body;
      await service.classify(requireRole(request, 'admin').accountId, input);
      await app.audit(request, { action: 'consultation.classify', resource: { type: 'consultation', id: input.consulta_id }, detail: input.tipo_consulta });
      return { success: true, message: messages.consultationUpdated };
    },
  });
}
