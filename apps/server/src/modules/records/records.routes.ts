import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXAM_FILE_FIELD,
  examFileParamsSchema,
  examFileSchema,
  fileIdParamsSchema,
  messages,
  patientExportSchema,
  profileSchema,
  resultSchema,
  tokenParamsSchema,
} from '@clinica/shared';
import { AppError, errorResponses } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { sendStoredFile } from '../../infra/http/send-file.js';
import { requireRole } from '../../infra/http/access.js';
import { toExamFile, toPatientExport, toProfile } from './records.mapper.js';

/** The patient's own records: /Usuarios (profile, ID image, data export) and the exam files of /Consultas. */
export default async function recordsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.records;

  // Usuarios.php: the profile, or 'Error al obtener los datos del usuario' in the page.
  app.get('/api/patient/profile', {
    config: { access: 'patient' },
    schema: { response: { 200: profileSchema, ...errorResponses } },
    handler: async (request) => {
      const patientId = requireRole(request, 'patient').accountId;
      await app.audit(request, { action: 'patient.read', role: 'patient', resource: { type: 'patient', id: patientId }, patientId });
      return toProfile(await service.profile(patientId));
    },
  });

  app.get('/api/patient/cedula-image/:fileId', {
    config: { access: 'patient' },
    schema: { params: fileIdParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const patientId = requireRole(request, 'patient').accountId;
      const file = await service.idImage(patientId, request.params.fileId);
      await app.audit(request, { action: 'file.id_card', resource: { type: 'patient', id: patientId }, patientId });
      return sendStoredFile(reply, file);
    },
  });

  // Ley 81 de 2019: all of the caller's data as one JSON file.
  app.get('/api/patient/export', {
    config: { access: 'patient' },
    schema: { response: { 200: patientExportSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const patientId = requireRole(request, 'patient').accountId;
      const data = toPatientExport(await service.export(patientId));
      await app.audit(request, { action: 'patient.export', resource: { type: 'patient', id: patientId }, patientId });
      const day = data.generado_at.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="mis-datos-clinica-${day}.json"`)
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  });

  // --- exam files of the patient's consultations ---------------------------------------------------

  app.get('/api/consultations/:token/exam-files', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: { 200: z.array(examFileSchema), ...errorResponses } },
    handler: async (request) => {
      const patientId = requireRole(request, 'patient').accountId;
      const files = await service.examFiles(request.params.token, patientId);
      await app.audit(request, { action: 'file.exam_list', role: 'patient', resource: { type: 'consultation', id: request.params.token }, patientId });
      return files.map((f) => toExamFile(f, `/api/consultations/${request.params.token}/exam-files`));
    },
  });

  app.post('/api/consultations/:token/exam-files', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: { 201: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const patientId = requireRole(request, 'patient').accountId;
      // Ownership first: another patient's token answers 404 before any byte is read.
      await service.ownConsultation(request.params.token, patientId);
      const { files } = await readMultipart(request, [EXAM_FILE_FIELD]);
      const file = files.find((f) => f.field === EXAM_FILE_FIELD);
      if (!file) throw new AppError(400, messages.examFileRequired, { [EXAM_FILE_FIELD]: messages.examFileRequired });
      const c = await service.uploadExam(request.params.token, patientId, { ...file, field: EXAM_FILE_FIELD });
      await app.audit(request, { action: 'file.exam_upload', resource: { type: 'consultation', id: c.id }, patientId });
      return reply.code(201).send({ success: true, message: messages.examFileUploaded });
    },
  });

  app.get('/api/consultations/:token/exam-files/:fileId', {
    config: { access: 'patient' },
    schema: { params: examFileParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const patientId = requireRole(request, 'patient').accountId;
      const { consultation, file } = await service.readExam(request.params.token, patientId, request.params.fileId);
      await app.audit(request, {
        action: 'file.exam',
        resource: { type: 'consultation', id: consultation.id },
        patientId,
        detail: `archivo ${request.params.fileId}`,
      });
      return sendStoredFile(reply, file);
    },
  });
}
