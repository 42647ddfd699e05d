import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  comparisonResultSchema,
  doctorDocumentProfileInputSchema,
  doctorDocumentProfileSchema,
  documentListSchema,
  documentSchemas,
  errorSchema,
  messages,
  patientDocumentListSchema,
  patientLookupQuerySchema,
  patientLookupSchema,
  resultSchema,
  verificationParamsSchema,
  verificationResultSchema,
  type DocumentType,
} from '@clinica/shared';
import { AppError, notFound, unauthenticated } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { parseOrThrow } from '../../lib/validation.js';
import { documentsRepository } from './documents.repository.js';
import { documentsService } from './documents.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 413: errorSchema, 500: errorSchema };
const typeParams = z.object({ tipo: z.string().max(40) });
const typeIdParams = z.object({ tipo: z.string().max(40), id: z.string().max(40) });
const idParams = z.object({ id: z.string().max(40) });
/** A PDF or PNG answer: bytes, sent as they are (Fastify does not serialise a Buffer). */
const bytes = z.custom<Buffer>((v) => Buffer.isBuffer(v));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An unknown document type or a malformed id is simply not found. */
const documentType = (tipo: string): DocumentType => {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(tipo)) throw notFound();
  return tipo as DocumentType;
};
const documentId = (id: string) => {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
};

const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);

/** The doctors' six medical documents, the patient's copies and the public verification. */
export default async function documentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const documents = documentsService({
    repo: documentsRepository(app.db),
    storage: app.storage,
    pdf: app.pdf,
    now: app.now,
    clinic: { name: app.config.clinic.name, city: app.config.clinic.city },
    log: app.log,
  });

  const doctorOf = (request: FastifyRequest) => request.accounts.doctor ?? raise();
  const patientOf = (request: FastifyRequest) => request.accounts.patient ?? raise();
  const raise = () => {
    throw unauthenticated();
  };
  // The QR code points at this site's verification page.
  const originOf = (request: FastifyRequest) => app.config.publicOrigin ?? `${request.protocol}://${request.host}`;

  // --- the doctor's signature and registration data -----------------------------------------------

  app.get('/api/doctor/documents/profile', {
    config: { access: 'doctor' },
    schema: { response: { 200: doctorDocumentProfileSchema, ...errors } },
    handler: async (request) => documents.getProfile(doctorOf(request)),
  });

  app.put('/api/doctor/documents/profile', {
    config: { access: 'doctor' },
    schema: { response: { 200: resultSchema, ...errors } },
    handler: async (request) => {
      const doctor = doctorOf(request);
      const { fields, files } = await readMultipart(request, ['firma']);
      const input = parseOrThrow(doctorDocumentProfileInputSchema, fields);
      const firma = files.find((f) => f.field === 'firma');
      await documents.saveProfile(doctor, input, firma?.bytes);
      return { success: true, message: messages.signatureSaved };
    },
  });

  app.get('/api/doctor/documents/profile/signature', {
    config: { access: 'doctor' },
    schema: { response: { 200: bytes, ...errors } },
    handler: async (request, reply) => {
      const png = await documents.getSignature(doctorOf(request));
      return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(png);
    },
  });

  // --- filling a form from the patient's record ---------------------------------------------------

  app.get('/api/doctor/documents/patient', {
    config: { access: 'doctor' },
    schema: { querystring: patientLookupQuerySchema, response: { 200: patientLookupSchema, ...errors } },
    handler: async (request) => {
      doctorOf(request);
      const found = await documents.findPatient(request.query.correo);
      await app.audit(request, { action: 'document.patient_lookup', patientEmails: [request.query.correo], detail: 'datos del paciente para un documento' });
      return found;
    },
  });

  // --- generate, list, download -----------------------------------------------------------------

  app.post('/api/doctor/documents/:tipo', {
    config: { access: 'doctor' },
    schema: { params: typeParams, response: { 201: bytes, ...errors } },
    handler: async (request, reply) => {
      const doctor = doctorOf(request);
      const tipo = documentType(request.params.tipo);
      const fields = parseOrThrow(documentSchemas[tipo], request.body ?? {});
      const { pdf, filename, codigo } = await documents.generate(doctor, tipo, fields, originOf(request));
      if (fields.correoPaciente) await request.server.notify.documentAvailable({ patientEmail: fields.correoPaciente });
      reply.code(201).header('x-documento-codigo', codigo);
      return sendPdf(reply, pdf, filename);
    },
  });

  app.get('/api/doctor/documents/:tipo', {
    config: { access: 'doctor' },
    schema: { params: typeParams, response: { 200: documentListSchema, ...errors } },
    handler: async (request) => {
      const list = await documents.listForDoctor(doctorOf(request), documentType(request.params.tipo));
      await app.audit(request, { action: 'document.list', role: 'doctor', patientEmails: list.map((d) => d.correoPaciente), detail: `filas: ${list.length}` });
      return list;
    },
  });

  app.get('/api/doctor/documents/:tipo/:id/pdf', {
    config: { access: 'doctor' },
    schema: { params: typeIdParams, response: { 200: bytes, ...errors } },
    handler: async (request, reply) => {
      const doctor = doctorOf(request);
      const { pdf, filename } = await documents.downloadForDoctor(
        doctor,
        documentType(request.params.tipo),
        documentId(request.params.id),
      );
      await app.audit(request, { action: 'file.document', resource: { type: 'document', id: request.params.id } });
      return sendPdf(reply, pdf, filename);
    },
  });

  // --- the patient's documents ----------------------------------------------------------------

  app.get('/api/patient/documents', {
    config: { access: 'patient' },
    schema: { response: { 200: patientDocumentListSchema, ...errors } },
    handler: async (request) => {
      const patient = patientOf(request);
      const list = await documents.listForPatient(patient);
      await app.audit(request, { action: 'document.list', role: 'patient', patientId: patient.accountId, detail: `filas: ${list.length}` });
      return list;
    },
  });

  app.get('/api/patient/documents/:id/pdf', {
    config: { access: 'patient' },
    schema: { params: idParams, response: { 200: bytes, ...errors } },
    handler: async (request, reply) => {
      const { pdf, filename } = await documents.downloadForPatient(patientOf(request), documentId(request.params.id));
      await app.audit(request, { action: 'file.document', resource: { type: 'document', id: request.params.id } });
      return sendPdf(reply, pdf, filename);
    },
  });

  // --- public verification --------------------------------------------------------------------

  app.get('/api/documents/verify/:codigo', {
    config: { access: 'anonymous' },
    schema: { params: verificationParamsSchema, response: { 200: verificationResultSchema, ...errors } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return documents.verify(request.params.codigo);
    },
  });

  app.post('/api/documents/verify/:codigo', {
    config: { access: 'anonymous' },
    schema: { params: verificationParamsSchema, response: { 200: comparisonResultSchema, ...errors } },
    handler: async (request) => {
      const { files } = await readMultipart(request, ['archivo']);
      const archivo = files.find((f) => f.field === 'archivo');
      if (!archivo || archivo.bytes.length === 0) {
        throw new AppError(400, messages.verificationFileRequired, { archivo: messages.verificationFileRequired });
      }
      return documents.compare(request.params.codigo, archivo.bytes);
    },
  });
}
