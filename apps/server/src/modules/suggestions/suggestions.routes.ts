import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZE, adminSuggestionRowSchema, listQuerySchema, messages, pageSchema, resultSchema, suggestionSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { decodeCursor, toPage } from '../../infra/http/keyset.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { requireRole } from '../../infra/http/access.js';


/** /Sugerencias (patients send) and /Sugerencias_Admin (administrators read). */
export default async function suggestionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = app.suggestions;

  // guardar_sugerencia.php: form field `sugerencia` (JSON or form-encoded).
  app.post('/api/suggestions', {
    config: { access: 'patient' },
    schema: { response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const patient = requireRole(request, 'patient');
      const { sugerencia } = parseOrThrow(suggestionSchema, request.body ?? {});
      await repo.insert({ patient_id: patient.accountId, sugerencia, fecha_registro: new Date(app.now()) });
      return { success: true, message: messages.suggestionSaved };
    },
  });

  // Sugerencias_Admin.php, newest first, searchable by the sender's first name, paginated.
  app.get('/api/admin/suggestions', {
    config: { access: 'admin' },
    schema: { querystring: listQuerySchema, response: { 200: pageSchema(adminSuggestionRowSchema), ...errorResponses } },
    handler: async (request, reply) => {
      const { nombre, cursor, limit = PAGE_SIZE } = request.query;
      const rows = await repo.list({ nombre: nombre || undefined, after: decodeCursor(cursor), limit: limit + 1 });
      const page = toPage(rows, limit, (r) => ({
        id: r.id,
        sugerencia: r.sugerencia,
        nombre: r.nombre,
        apellido: r.apellido,
        correo: r.correo,
        fecha_registro: r.fecha_registro.toISOString(),
      }));
      await app.audit(request, { action: 'suggestion.list', patientId: null, detail: `filas: ${page.items.length}` });
      reply.header('cache-control', 'no-store');
      return page;
    },
  });
}
