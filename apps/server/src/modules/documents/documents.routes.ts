import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  safeText,
  DOCUMENT_TYPES,
  cie10EntryListSchema,
  cie10SearchQuerySchema,
  annulDocumentSchema,
  comparisonResultSchema,
  doctorDocumentProfileInputSchema,
  doctorDocumentProfileSchema,
  documentListSchema,
  documentPatientSchema,
  documentSchemas,
  linkCandidateListSchema,
  linkCandidatesQuerySchema,
  linkDocumentResultSchema,
  linkDocumentSchema,
  messages,
  patientDocumentListSchema,
  patientLookupQuerySchema,
  patientLookupSchema,
  patientSearchQuerySchema,
  patientSuggestionListSchema,
  resultSchema,
  unlinkedDocumentPageSchema,
  listQuerySchema,
  PAGE_SIZE,
  verificationParamsSchema,
  verificationResultSchema,
  type DocumentType,
} from '@clinica/shared';
import { AppError, errorResponses, notFound } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { NotYourPatient } from './documents.service.js';
import { searchCie10 } from './documents.cie10.js';
import { requireRole } from '../../infra/http/access.js';
import { isUuid } from '../../infra/uuid.js';
import { toComparison, toDoctorDocument, toPatientDocument, toPatientLookup, toUnlinkedDocument, toVerification } from './documents.mapper.js';

// safeText is a zod/mini schema: its length limit is added with zod's check function, not a classic method.
const typeParams = z.object({ tipo: safeText().check(z.maxLength(40)) });
const typeIdParams = z.object({ tipo: safeText().check(z.maxLength(40)), id: safeText().check(z.maxLength(40)) });
const idParams = z.object({ id: safeText().check(z.maxLength(40)) });
/** A PDF or PNG answer: bytes, sent as they are (Fastify does not serialise a Buffer). */
const bytes = z.custom<Buffer>((v) => Buffer.isBuffer(v));

/** An unknown document type or a malformed id is simply not found. */
const documentType = (tipo: string): DocumentType => {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(tipo)) throw notFound();
  return tipo as DocumentType;
};
const documentId = (id: string) => {
  if (!isUuid(id)) throw notFound();
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
  const documents = app.documents;

  // The QR code points at this site's verification page.
  const originOf = (request: FastifyRequest) => app.config.publicOrigin ?? `${request.protocol}://${request.host}`;

  // --- the doctor's signature and registration data -----------------------------------------------

  app.get('/api/doctor/documents/profile', {
    config: { access: 'doctor' },
    schema: { response: { 200: doctorDocumentProfileSchema, ...errorResponses } },
    handler: async (request) => documents.getProfile(requireRole(request, 'doctor')),
  });

  app.put('/api/doctor/documents/profile', {
    config: { access: 'doctor' },
    schema: { response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const doctor = requireRole(request, 'doctor');
      const { fields, files } = await readMultipart(request, ['firma']);
      parseOrThrow(doctorDocumentProfileInputSchema, fields);
      const firma = files.find((f) => f.field === 'firma');
      await documents.saveProfile(doctor, firma?.bytes);
      return { success: true, message: messages.signatureSaved };
    },
  });

  app.get('/api/doctor/documents/profile/signature', {
    config: { access: 'doctor' },
    schema: { response: { 200: bytes, ...errorResponses } },
    handler: async (request, reply) => {
      const png = await documents.getSignature(requireRole(request, 'doctor'));
      return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(png);
    },
  });

  // --- filling a form from the patient's record ---------------------------------------------------

  // Only the doctor's own patients (a consultation or appointment with them). Anybody else, and an
  // unknown person, get the same 404 after the same single query; every lookup is audited with
  // the patient it named, so it shows in that patient's access history (docs/decisions/0024).
  app.get('/api/doctor/documents/patients', {
    config: { access: 'doctor' },
    schema: { querystring: patientSearchQuerySchema, response: { 200: patientSuggestionListSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const found = await documents.searchPatients(requireRole(request, 'doctor'), request.query.q);
      // The query text is not kept (it may be a cédula); what was shown is: names of the doctor's own patients.
      await app.audit(request, { action: 'document.patient_search', patientIds: found.map((p) => p.id), detail: `${found.length} pacientes sugeridos` });
      reply.header('cache-control', 'no-store');
      return found;
    },
  });

  app.get('/api/doctor/documents/patient', {
    config: { access: 'doctor' },
    schema: { querystring: patientLookupQuerySchema, response: { 200: patientLookupSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { id, correo } = request.query;
      const lookup = await documents.findPatient(requireRole(request, 'doctor'), id ? { id } : { correo: correo! });
      const { patientId } = lookup;
      const found = toPatientLookup(lookup);
      await app.audit(request, {
        action: 'document.patient_lookup',
        resource: patientId ? { type: 'patient', id: patientId } : undefined,
        patientId,
        outcome: found ? 'success' : 'denied',
        detail: found
          ? found.consulta
            ? 'datos del paciente y de su última consulta para un documento'
            : 'datos del paciente para un documento'
          : patientId
            ? 'no es paciente de este médico'
            : 'persona desconocida',
      });
      if (!found) throw new AppError(404, messages.patientNotYours);
      reply.header('cache-control', 'no-store');
      return found;
    },
  });

  // --- the CIE-10 list of the diagnosis field --------------------------------------------------

  app.get('/api/doctor/documents/cie10', {
    config: { access: 'doctor' },
    schema: { querystring: cie10SearchQuerySchema, response: { 200: cie10EntryListSchema, ...errorResponses } },
    handler: async (request) => searchCie10(request.query.q),
  });

  // --- generate, list, download -----------------------------------------------------------------

  app.post('/api/doctor/documents/:tipo', {
    config: { access: 'doctor' },
    schema: { params: typeParams, response: { 201: bytes, ...errorResponses } },
    handler: async (request, reply) => {
      const doctor = requireRole(request, 'doctor');
      const tipo = documentType(request.params.tipo);
      const fields = parseOrThrow(documentSchemas[tipo], request.body ?? {});
      const { pacienteId, reemplazaId } = parseOrThrow(documentPatientSchema, request.body ?? {});
      let issued;
      try {
        issued = await documents.generate(doctor, tipo, fields, originOf(request), pacienteId, reemplazaId?.toLowerCase());
      } catch (err) {
        if (err instanceof NotYourPatient) {
          await app.audit(request, {
            action: 'document.issue',
            resource: err.patientId ? { type: 'patient', id: err.patientId } : undefined,
            patientId: err.patientId,
            outcome: 'denied',
            detail: err.patientId ? 'no es paciente de este médico' : 'persona desconocida',
          });
        }
        throw err;
      }
      const { pdf, filename, codigo, numero, documentId, patient } = issued;
      await app.audit(request, {
        action: 'document.issue',
        resource: { type: 'document', id: documentId },
        patientId: patient?.id ?? null,
        detail:
          `${numero}` +
          (patient ? '' : ', sin cuenta: espera que un administrador lo vincule') +
          (reemplazaId ? `, reemplaza el documento ${reemplazaId}` : ''),
      });
      reply.code(201).header('x-documento-codigo', codigo).header('x-documento-numero', numero);
      return sendPdf(reply, pdf, filename);
    },
  });

  app.get('/api/doctor/documents/:tipo', {
    config: { access: 'doctor' },
    schema: { params: typeParams, response: { 200: documentListSchema, ...errorResponses } },
    handler: async (request) => {
      const list = (await documents.listForDoctor(requireRole(request, 'doctor'), documentType(request.params.tipo))).map(toDoctorDocument);
      await app.audit(request, { action: 'document.list', role: 'doctor', patientEmails: list.map((d) => d.correoPaciente), detail: `filas: ${list.length}` });
      return list;
    },
  });

  app.get('/api/doctor/documents/:tipo/:id/pdf', {
    config: { access: 'doctor' },
    schema: { params: typeIdParams, response: { 200: bytes, ...errorResponses } },
    handler: async (request, reply) => {
      const doctor = requireRole(request, 'doctor');
      const { pdf, filename } = await documents.downloadForDoctor(
        doctor,
        documentType(request.params.tipo),
        documentId(request.params.id),
      );
      await app.audit(request, { action: 'file.document', resource: { type: 'document', id: request.params.id } });
      return sendPdf(reply, pdf, filename);
    },
  });

  // --- annulment (issue 22, docs/decisions/0041): the issuing doctor, or an administrator -----------

  app.post('/api/doctor/documents/:tipo/:id/anular', {
    config: { access: 'doctor' },
    schema: { params: typeIdParams, body: annulDocumentSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const id = documentId(request.params.id);
      const done = await documents.annulForDoctor(requireRole(request, 'doctor'), documentType(request.params.tipo), id, request.body.motivo);
      await app.audit(request, { action: 'document.annul', resource: { type: 'document', id }, patientId: done.patientId, detail: `${done.numero ?? ''}: ${request.body.motivo}` });
      return { success: true as const, message: messages.documentAnnulled };
    },
  });

  app.post('/api/admin/documents/verify/:codigo/anular', {
    config: { access: 'admin' },
    schema: { params: verificationParamsSchema, body: annulDocumentSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const admin = requireRole(request, 'admin');
      const done = await documents.annulForAdmin(admin, request.params.codigo, request.body.motivo);
      await app.audit(request, { action: 'document.annul', resource: { type: 'document', id: done.id }, patientId: done.patientId, detail: `${done.numero ?? ''}: ${request.body.motivo}` });
      return { success: true as const, message: messages.documentAnnulled };
    },
  });

  // --- the patient's documents ----------------------------------------------------------------

  app.get('/api/patient/documents', {
    config: { access: 'patient' },
    schema: { response: { 200: patientDocumentListSchema, ...errorResponses } },
    handler: async (request) => {
      const patient = requireRole(request, 'patient');
      const list = (await documents.listForPatient(patient)).map(toPatientDocument);
      await app.audit(request, { action: 'document.list', role: 'patient', patientId: patient.accountId, detail: `filas: ${list.length}` });
      return list;
    },
  });

  app.get('/api/patient/documents/:id/pdf', {
    config: { access: 'patient' },
    schema: { params: idParams, response: { 200: bytes, ...errorResponses } },
    handler: async (request, reply) => {
      const { pdf, filename } = await documents.downloadForPatient(requireRole(request, 'patient'), documentId(request.params.id));
      await app.audit(request, { action: 'file.document', resource: { type: 'document', id: request.params.id } });
      return sendPdf(reply, pdf, filename);
    },
  });

  // --- documents bound to no account: an administrator links them after checking the cédula ------

  app.get('/api/admin/documents/unlinked', {
    config: { access: 'admin' },
    schema: { querystring: listQuerySchema, response: { 200: unlinkedDocumentPageSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { nombre, cursor, limit = PAGE_SIZE } = request.query;
      const page = await documents.listUnlinked({ nombre, cursor, limit });
      const items = page.items.map(toUnlinkedDocument);
      await app.audit(request, { action: 'document.unlinked_list', patientId: null, detail: `${items.length} documentos${nombre ? ', búsqueda por nombre' : ''}` });
      reply.header('cache-control', 'no-store');
      return { items, next_cursor: page.next_cursor };
    },
  });

  app.get('/api/admin/documents/unlinked/:id/candidates', {
    config: { access: 'admin' },
    schema: { params: idParams, querystring: linkCandidatesQuerySchema, response: { 200: linkCandidateListSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const id = documentId(request.params.id);
      const found = await documents.linkCandidates(id, request.query.cedula);
      for (const p of found) {
        await app.audit(request, { action: 'document.link_lookup', resource: { type: 'document', id }, patientId: p.id });
      }
      reply.header('cache-control', 'no-store');
      return found;
    },
  });

  app.post('/api/admin/documents/unlinked/:id/link', {
    config: { access: 'admin' },
    schema: { params: idParams, body: linkDocumentSchema, response: { 200: linkDocumentResultSchema, ...errorResponses } },
    handler: async (request) => {
      const id = documentId(request.params.id);
      let patient;
      try {
        patient = await documents.link(id, request.body);
      } catch (err) {
        // A refused link is kept too: who tried to bind which document to which account.
        if (err instanceof AppError) {
          await app.audit(request, {
            action: 'document.link',
            resource: { type: 'document', id },
            patientId: null,
            outcome: 'failure',
            detail: `${err.message} (cuenta ${request.body.pacienteId})`,
          });
        }
        throw err;
      }
      await app.audit(request, {
        action: 'document.link',
        resource: { type: 'document', id },
        patientId: patient.id,
        detail: 'cédula comprobada por el administrador',
      });
      return { success: true as const, message: messages.documentLinked, paciente: `${patient.nombre} ${patient.apellido}` };
    },
  });

  // --- public verification --------------------------------------------------------------------

  app.get('/api/documents/verify/:codigo', {
    config: { access: 'anonymous' },
    schema: { params: verificationParamsSchema, response: { 200: verificationResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toVerification(await documents.verify(request.params.codigo));
    },
  });

  app.post('/api/documents/verify/:codigo', {
    config: { access: 'anonymous' },
    schema: { params: verificationParamsSchema, response: { 200: comparisonResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { files } = await readMultipart(request, ['archivo']);
      const archivo = files.find((f) => f.field === 'archivo');
      if (!archivo || archivo.bytes.length === 0) {
        throw new AppError(400, messages.verificationFileRequired, { archivo: messages.verificationFileRequired });
      }
      return toComparison(await documents.compare(request.params.codigo, archivo.bytes));
    },
  });
}
