import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAGE_SIZE,
  adminPatientDetailSchema,
  adminPatientRowSchema,
  listQuerySchema,
  pageSchema,
  patientIdParamsSchema,
} from '@clinica/shared';
import { errorResponses, notFound } from '../../infra/http/errors.js';
import { decodeCursor, toPage } from '../../infra/http/keyset.js';
import { sendStoredFile } from '../../infra/http/send-file.js';

/** /PacientesDataAdmin: the patients list with the first-name search, the detail and the ID-card image. */
export default async function patientsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = app.patientsAdmin;
  const stored = app.examFiles;

  // Pacientes_Admin.php and Algoritmo_Pacientes.php, paginated.
  app.get('/api/admin/patients', {
    config: { access: 'admin' },
    schema: { querystring: listQuerySchema, response: { 200: pageSchema(adminPatientRowSchema), ...errorResponses } },
    handler: async (request, reply) => {
      const { nombre, cursor, limit = PAGE_SIZE } = request.query;
      const rows = await repo.list({ nombre: nombre || undefined, after: decodeCursor(cursor), limit: limit + 1 });
      const page = toPage(rows, limit, (r) => ({
        id: r.id,
        nombre: r.nombre,
        apellido: r.apellido,
        cedula: r.cedula,
        correo: r.correo,
        fecha_registro: r.created_at.toISOString(),
      }));
      await app.audit(request, { action: 'patient.list', patientIds: page.items.map((p) => p.id), detail: `filas: ${page.items.length}${nombre ? ', búsqueda por nombre' : ''}` });
      reply.header('cache-control', 'no-store');
      return page;
    },
  });

  // Pacientes_Admin_Boton.php and GetDropbox.php (url_img_cedula, name_img_cedula).
  app.get('/api/admin/patients/:id', {
    config: { access: 'admin' },
    schema: { params: patientIdParamsSchema, response: { 200: adminPatientDetailSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const row = await repo.detail(request.params.id);
      if (!row) throw notFound();
      const p = row.p;
      await app.audit(request, { action: 'patient.read', resource: { type: 'patient', id: p.id }, patientId: p.id });
      reply.header('cache-control', 'no-store');
      return {
        id: p.id,
        nombre: p.nombre,
        apellido: p.apellido,
        edad: p.edad,
        genero: p.genero,
        nacionalidad: p.nacionalidad,
        cedula: p.cedula,
        direccion: p.direccion,
        celular: `${p.country_code} ${p.celular}`,
        correo: p.correo,
        Acuerdo: p.acuerdo,
        acuerdo_at: p.acuerdo_at.toISOString(),
        Primera_Consulta: p.primera_consulta === 1 ? (1 as const) : (0 as const),
        fecha_registro: p.created_at.toISOString(),
        url_img_cedula: p.image_cedula_file_id ? `/api/admin/patients/${p.id}/cedula-image` : null,
        name_img_cedula: row.image_nombre,
        // Issue 24 item 4: the patient's no-shows and whether they now must prepay (decision 0049).
        estado_inasistencias: await app.appointments.noShowStatus(p.id),
      };
    },
  });

  app.get('/api/admin/patients/:id/cedula-image', {
    config: { access: 'admin' },
    schema: { params: patientIdParamsSchema, response: errorResponses },
    handler: async (request, reply) => {
      const row = await repo.detail(request.params.id);
      if (!row?.p.image_cedula_file_id) throw notFound();
      const file = await stored.readStored(row.p.image_cedula_file_id);
      await app.audit(request, { action: 'file.id_card', resource: { type: 'patient', id: row.p.id }, patientId: row.p.id });
      return sendStoredFile(reply, file);
    },
  });
}
