import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_IMAGE_FIELD,
  RECEIPT_FILE_FIELD,
  chatStateSchema,
  consultationTargetQuerySchema,
  doctorChatDetailSchema,
  doctorChatRowSchema,
  exitResultSchema,
  extraHourCaptureSchema,
  extraHourOrderSchema,
  extraHourReceiptSchema,
  extraHourResultSchema,
  fileParamsSchema,
  healthDataResultSchema,
  healthDataSchema,
  messages,
  paypalOrderCreatedSchema,
  extraHourYappyOrderSchema,
  YAPPY_API,
  yappyOrderStartedSchema,
  resultSchema,
  tokenParamsSchema,
} from '@clinica/shared';
import { AppError, errorResponses } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { sendStoredFile } from '../../infra/http/send-file.js';
import { chatSocket } from './chat.socket.js';
import { toChatState, toDoctorChatDetail, toDoctorChatRow } from './chat.mapper.js';
import { requireRole } from '../../infra/http/access.js';
import { toYappyOrderStarted } from '../payments/index.js';

/** The chat consultation: the patient's chat page, its WebSocket, and the doctor's chats. */
export default async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.chat;

  // --- the patient's page (/ConsultaChat) ------------------------------------------------------
  // Every patient call takes `?consulta=<token>`: the chat it is about, the patient's own (several
  // may be open at once, decision 0032); without it, the newest open one.

  // The session check's `api`: the chat's state; the first call opens the consultation's hour.
  app.get('/api/chat', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: chatStateSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toChatState(await service.state(requireRole(request, 'patient'), request.query.consulta), app.now());
    },
  });

  // "POST health data": peso, talla, presion_arterial, frecuencia_cardiaca, frecuencia_respiratoria.
  app.post('/api/chat/health', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, body: healthDataSchema, response: { 200: healthDataResultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.saveHealth(requireRole(request, 'patient'), request.body, request.query.consulta);
      return { status: 'success' as const, message: messages.formSent };
    },
  });

  // "POST image upload, multipart field image, one call per file."
  app.post('/api/chat/images', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const patient = requireRole(request, 'patient');
      const { files } = await readMultipart(request, [CHAT_IMAGE_FIELD]);
      const [file] = files;
      if (!file || files.length !== 1)
        throw new AppError(400, messages.selectAtLeastOneImage, { [CHAT_IMAGE_FIELD]: messages.selectAtLeastOneImage });
      await service.uploadImage(patient, file, request.query.consulta);
      return { success: true, message: messages.imagesUploaded };
    },
  });

  // "Exit chat: answers ok." A POST, so that the Origin check of state-changing calls applies.
  app.post('/api/chat/exit', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: exitResultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.exit(requireRole(request, 'patient'), request.query.consulta);
      return { ok: true as const, message: messages.chatExitOk };
    },
  });

  // --- the extra hour ('Área de Pagos') ----------------------------------------------------------

  app.post('/api/chat/extra-hour/paypal/order', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, body: extraHourOrderSchema, response: { 200: paypalOrderCreatedSchema, ...errorResponses } },
    handler: async (request) => {
      const { id } = await service.extraHourOrder(requireRole(request, 'patient').accountId, request.body.monto, request.query.consulta);
      return { success: true as const, status: 'success' as const, message: messages.paypalOrderCreated, id };
    },
  });

  // Yappy's button for the extra hour (decision 0058): no amount; the order for the service's price.
  app.post(YAPPY_API.extraHourOrder, {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, body: extraHourYappyOrderSchema, response: { 200: yappyOrderStartedSchema, ...errorResponses } },
    handler: async (request) => toYappyOrderStarted(await service.startYappyExtraHour(requireRole(request, 'patient').accountId, request.query.consulta)),
  });

  app.post('/api/chat/extra-hour/paypal/capture', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, body: extraHourCaptureSchema, response: { 200: extraHourResultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.extraHourCapture(requireRole(request, 'patient').accountId, request.body.orderID, request.query.consulta);
      return {
        success: true as const,
        status: 'success' as const,
        message: messages.chatExtraHourAdded,
        aplicada: true,
      };
    },
  });

  app.post('/api/chat/extra-hour/receipt', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: extraHourResultSchema, ...errorResponses } },
    handler: async (request) => {
      const patient = requireRole(request, 'patient');
      const { fields, files } = await readMultipart(request, [RECEIPT_FILE_FIELD]);
      const input = parseOrThrow(extraHourReceiptSchema, fields);
      const file = files.find((f) => f.field === RECEIPT_FILE_FIELD);
      if (!file)
        throw new AppError(400, messages.missingFieldsWithReceipt, {
          [RECEIPT_FILE_FIELD]: messages.missingFieldsWithReceipt,
        });
      await service.extraHourReceipt(patient.accountId, { metodo: input.metodo_de_pago, monto: input.monto, file }, request.query.consulta);
      return {
        success: true as const,
        status: 'success' as const,
        message: messages.chatExtraHourPending,
        aplicada: false,
      };
    },
  });

  // Closing the overlay without paying ends the consultation's chat time (never a free hour).
  app.post('/api/chat/extra-hour/decline', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.declineExtraHour(requireRole(request, 'patient'), request.query.consulta);
      return { success: true, message: messages.chatTimeClosed };
    },
  });

  // --- the doctor's chats (/Chat_Doctor) ---------------------------------------------------------

  app.get('/api/doctor/chats', {
    config: { access: 'doctor' },
    schema: { response: { 200: z.array(doctorChatRowSchema), ...errorResponses } },
    handler: async (request) => {
      const rows = await service.doctorChats(requireRole(request, 'doctor').accountId);
      await app.audit(request, { action: 'chat.list', role: 'doctor', patientIds: rows.map((r) => r.c.patient_id), detail: `filas: ${rows.length}` });
      return rows.map((r) => toDoctorChatRow(r.c, r.ultimo, app.now()));
    },
  });

  app.get('/api/doctor/chats/:token', {
    config: { access: 'doctor' },
    schema: { params: tokenParamsSchema, response: { 200: doctorChatDetailSchema, ...errorResponses } },
    handler: async (request) => {
      const chat = await service.doctorChat(requireRole(request, 'doctor').accountId, request.params.token);
      await app.audit(request, { action: 'chat.read', role: 'doctor', resource: { type: 'consultation', id: chat.c.id }, patientId: chat.c.patient_id });
      return toDoctorChatDetail(chat, app.now());
    },
  });

  app.get('/api/doctor/chats/:token/images/:fileId', {
    config: { access: 'doctor' },
    schema: { params: fileParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const file = await service.doctorImage(requireRole(request, 'doctor').accountId, request.params.token, request.params.fileId);
      await app.audit(request, { action: 'file.consultation_image', role: 'doctor', resource: { type: 'consultation', id: request.params.token } });
      return sendStoredFile(reply, file);
    },
  });

  // --- the WebSocket: its protocol lives in chat.socket.ts ---------------------------------------
  chatSocket(app, service);
}
