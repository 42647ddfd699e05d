import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EXAM_FILE_FIELD,
  PAGE_SIZE,
  doctorConsultationDetailSchema,
  doctorConsultationRowSchema,
  doctorConsultationUpdateSchema,
  examFileParamsSchema,
  fileParamsSchema,
  listQuerySchema,
  messages,
  pageSchema,
  resultSchema,
  tokenParamsSchema,
} from '@clinica/shared';
import { AppError, errorResponses } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { sendStoredFile } from '../../infra/http/send-file.js';
import { toConsultationCall } from '../video/index.js';
import { requireRole } from '../../infra/http/access.js';
import { toDoctorConsultationDetail, toDoctorConsultationRow } from './doctor-consultations.mapper.js';

/** /Consultas_Admin_Doctor: the doctor's own consultations, their modal, the follow-up and exam files. */
export default async function doctorConsultationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.doctorConsultations;

  // Consulta_Admin_Doctores.php and Algoritmo_Consulta_Doctores.php (search by first name), paginated.
  app.get('/api/doctor/consultations', {
    config: { access: 'doctor' },
    schema: { querystring: listQuerySchema, response: { 200: pageSchema(doctorConsultationRowSchema), ...errorResponses } },
    handler: async (request, reply) => {
      const { nombre, cursor, limit = PAGE_SIZE } = request.query;
      const { page, patientIds } = await service.list(requireRole(request, 'doctor').accountId, { nombre, cursor, limit });
      await app.audit(request, {
        action: 'consultation.list',
        patientIds,
        detail: `filas: ${page.items.length}${nombre ? ', búsqueda por nombre' : ''}`,
      });
      reply.header('cache-control', 'no-store');
      const now = app.now();
      return { items: page.items.map((r) => toDoctorConsultationRow(r, now)), next_cursor: page.next_cursor };
    },
  });

  // Consulta_Admin_Doctores_Boton.php?token
  app.get('/api/doctor/consultations/:token', {
    config: { access: 'doctor' },
    schema: { params: tokenParamsSchema, response: { 200: doctorConsultationDetailSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const detail = await service.detail(request.params.token, requireRole(request, 'doctor').accountId);
      await app.audit(request, { action: 'consultation.read', resource: { type: 'consultation', id: detail.row.id }, patientId: detail.row.patient_id });
      reply.header('cache-control', 'no-store');
      const calls = await app.video.callsOf([detail.row.id]);
      return toDoctorConsultationDetail(detail, app.now(), calls.map(toConsultationCall));
    },
  });

  // actualizar_consulta_doctor.php: consulta_id, correo, analisis, plan, fecha, hora, revisado.
  app.post('/api/doctor/consultations/update', {
    config: { access: 'doctor' },
    schema: { body: doctorConsultationUpdateSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const input = request.body;
      const c = await service.update(requireRole(request, 'doctor').accountId, input);
      await app.audit(request, {
        action: 'consultation.update',
        resource: { type: 'consultation', id: c.id },
        patientId: c.patient_id,
        detail: `revisado ${input.revisado}`,
      });
      return { success: true, message: messages.consultationUpdated };
    },
  });

  app.post('/api/doctor/consultations/:token/exam-files', {
    config: { access: 'doctor' },
    schema: { params: tokenParamsSchema, response: { 201: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const doctorId = requireRole(request, 'doctor').accountId;
      await service.assigned(request.params.token, doctorId);
      const { files } = await readMultipart(request, [EXAM_FILE_FIELD]);
      const file = files.find((f) => f.field === EXAM_FILE_FIELD);
      if (!file) throw new AppError(400, messages.examFileRequired, { [EXAM_FILE_FIELD]: messages.examFileRequired });
      const c = await service.uploadExam(request.params.token, doctorId, { ...file, field: EXAM_FILE_FIELD });
      await app.audit(request, { action: 'file.exam_upload', resource: { type: 'consultation', id: c.id }, patientId: c.patient_id });
      return reply.code(201).send({ success: true, message: messages.examFileUploaded });
    },
  });

  // descargar_archivo_consulta.php?id
  app.get('/api/doctor/consultations/:token/exam-files/:fileId', {
    config: { access: 'doctor' },
    schema: { params: examFileParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const { consultation, file } = await service.readExam(request.params.token, requireRole(request, 'doctor').accountId, request.params.fileId);
      await app.audit(request, {
        action: 'file.exam',
        resource: { type: 'consultation', id: consultation.id },
        patientId: consultation.patient_id,
        detail: `archivo ${request.params.fileId}`,
      });
      return sendStoredFile(reply, file);
    },
  });

  app.get('/api/doctor/consultations/:token/images/:fileId', {
    config: { access: 'doctor' },
    schema: { params: fileParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const { consultation, file } = await service.readImage(request.params.token, requireRole(request, 'doctor').accountId, request.params.fileId);
      await app.audit(request, {
        action: 'file.consultation_image',
        resource: { type: 'consultation', id: consultation.id },
        patientId: consultation.patient_id,
        detail: `imagen ${request.params.fileId}`,
      });
      return sendStoredFile(reply, file);
    },
  });
}
