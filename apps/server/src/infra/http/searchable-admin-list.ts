import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { PAGE_SIZE, pageQuerySchema, pageSchema, searchSchema, type ListPage } from '@clinica/shared';
import { errorResponses } from './errors.js';

/** What a searchable list's audit row says: who was shown, and how many rows, with or without a search. */
export interface ListRead {
  patientIds: string[];
  detail: string;
}

/**
 * The two routes of a staff list read whole or searched by the patient's first name, as the
 * specification's pages had them (decision 0047): `GET <path>?cursor&limit` and
 * `POST <path>/search` with `{ input }`, both one keyset page (decision 0039; no silent cap), every
 * patient shown written in the audit trail by the caller's `audit`, each row mapped by `toRow`.
 * /Consultas_Admin and /Recibo_Admin are the two; one wiring instead of a copy in each module.
 */
export function searchableAdminList<Row, Wire extends z.core.$ZodType>(
  fastify: FastifyInstance,
  opts: {
    path: string;
    row: Wire;
    page: (q: { nombre: string | undefined; cursor: string | undefined; limit: number }) => Promise<ListPage<Row>>;
    patientOf: (row: Row) => string;
    audit: (request: FastifyRequest, read: ListRead) => Promise<void>;
    toRow: (row: Row) => z.input<Wire>;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const response = { 200: pageSchema(opts.row), ...errorResponses };

  const list = async (
    request: FastifyRequest & { query: z.infer<typeof pageQuerySchema> },
    nombre: string | undefined,
  ) => {
    const { cursor, limit = PAGE_SIZE } = request.query;
    const page = await opts.page({ nombre, cursor, limit });
    await opts.audit(request, {
      patientIds: page.items.map(opts.patientOf),
      detail: `filas: ${page.items.length}${nombre ? ', búsqueda por nombre' : ''}`,
    });
    return { items: page.items.map(opts.toRow), next_cursor: page.next_cursor };
  };

  app.get(opts.path, {
    config: { access: 'admin' },
    schema: { querystring: pageQuerySchema, response },
    handler: async (request) => list(request, undefined),
  });

  // The patient's first name, folded prefix ('maria' finds 'María'); paged: ?cursor&limit.
  app.post(`${opts.path}/search`, {
    config: { access: 'admin' },
    schema: { querystring: pageQuerySchema, body: searchSchema, response },
    handler: async (request) => list(request, request.body.input),
  });
}
