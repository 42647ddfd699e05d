import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReceiptDetailSchema,
  adminReceiptRowSchema,
  errorSchema,
  messages,
  paymentSessionQuerySchema,
  paymentSessionSchema,
  paymentsConfigSchema,
  priceOf,
  receiptApproveSchema,
  receiptDetailSchema,
  receiptRejectSchema,
  receiptRowSchema,
  receiptUpdateSchema,
  resultSchema,
  searchSchema,
  tokenParamsSchema,
} from '@clinica/shared';
import { unauthenticated } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { parseOrThrow } from '../../lib/validation.js';
import { cookieNames } from '../../plugins/sessions.js';
import type { PaymentsRepository } from './payments.repository.js';
import { sendStoredFile } from './send-file.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema };
const fileKind = z.object({ token: tokenParamsSchema.shape.token, kind: z.enum(['comprobante', 'factura'], { error: messages.notFound }) });

type ReceiptRecord = NonNullable<Awaited<ReturnType<PaymentsRepository['receiptByToken']>>>;

const toRow = (r: ReceiptRecord) => ({
  id: r.id,
  token: r.token,
  nombre: r.nombre,
  apellido: r.apellido,
  monto: r.monto_cents / 100,
  metodo_de_pago: r.metodo_de_pago,
  proposito: r.proposito,
  servicio: r.servicio,
  estado: r.estado,
  revisado: r.revisado,
  fecha: r.created_at.toISOString(),
});

/** The receipt as the modals show it; file links point at the caller's own download routes. */
const toDetail = (r: ReceiptRecord, base: string) => ({
  ...toRow(r),
  cedula: r.cedula,
  celular: `${r.country_code} ${r.celular}`,
  acuerdo: r.acuerdo,
  motivo_rechazo: r.motivo_rechazo,
  Link_Comprobante: r.comprobante_file_id ? `${base}/${r.token}/comprobante` : null,
  Nombre_Comprobante: r.comprobante_nombre,
  archivo_nombre: r.fiscal_nombre,
  Link_Factura: r.fiscal_file_id ? `${base}/${r.token}/factura` : null,
});

/** Payment configuration, prices, and the receipts of patients and administrators. */
export default async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = app.payments;
  const cookies = cookieNames(app.config.production);
  const { paypal, clinic } = app.config;

  const patientId = (accounts: { patient?: { accountId: string } }) => {
    if (!accounts.patient) throw unauthenticated();
    return accounts.patient.accountId;
  };
  const staffId = (accounts: { admin?: { accountId: string } }) => {
    if (!accounts.admin) throw unauthenticated();
    return accounts.admin.accountId;
  };

  // obtener_paypal_config.php, plus what the transfer and Yappy sub-forms show.
  app.get('/api/payments/config', {
    config: { access: 'patient' },
    schema: { response: { 200: paymentsConfigSchema, ...errors } },
    handler: async () => ({
      client_id: paypal.clientId,
      sdk_url: paypal.sdkUrl,
      demo: paypal.mode === 'stand-in',
      moneda: 'USD' as const,
      cuentas_bancarias: clinic.bankAccounts,
      yappy: clinic.yappyNumber,
    }),
  });

  // check_session_pagos.php: signed in?, and the server's price (the page never decides it).
  app.get('/api/payments/session', {
    config: { access: 'anonymous' },
    schema: { querystring: paymentSessionQuerySchema, response: { 200: paymentSessionSchema, ...errors } },
    handler: async (request, reply) => {
      const account = await app.sessions.resolve('patient', request.cookies[cookies.names.patient]);
      reply.header('cache-control', 'no-store');
      return { authenticated: account !== null, precio: priceOf(request.query.servicio) };
    },
  });

  // --- the patient's receipts (/Recibo_pagos) -----------------------------------------------------

  app.get('/api/receipts', {
    config: { access: 'patient' },
    schema: { response: { 200: z.array(receiptRowSchema), ...errors } },
    handler: async (request) => {
      const rows = (await payments.listReceipts({ patientId: patientId(request.accounts) })).map(toRow);
      await app.audit(request, { action: 'receipt.list', role: 'patient', patientId: patientId(request.accounts), detail: `filas: ${rows.length}` });
      return rows;
    },
  });

  app.get('/api/receipts/:token', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: { 200: receiptDetailSchema, ...errors } },
    handler: async (request) => {
      const r = await payments.receipt(request.params.token, patientId(request.accounts));
      await app.audit(request, { action: 'receipt.read', role: 'patient', resource: { type: 'payment', id: r.id }, patientId: r.patient_id });
      return toDetail(r, '/api/receipts');
    },
  });

  app.get('/api/receipts/:token/:kind', {
    config: { access: 'patient' },
    schema: { params: fileKind, response: errors },
    handler: async (request, reply) => {
      const r = await payments.receipt(request.params.token, patientId(request.accounts));
      const fileId = request.params.kind === 'comprobante' ? r.comprobante_file_id : r.fiscal_file_id;
      if (!fileId) return reply.code(404).send({ success: false, message: messages.unavailable });
      const file = await payments.readFile(fileId);
      await app.audit(request, { action: 'file.receipt', resource: { type: 'payment', id: r.id }, patientId: r.patient_id, detail: request.params.kind });
      return sendStoredFile(reply, file);
    },
  });

  // --- administrators (/Recibo_Admin) --------------------------------------------------------------

  const adminRow = (r: ReceiptRecord) => ({ ...toRow(r), posible_duplicado: r.posible_duplicado });

  app.get('/api/admin/receipts', {
    config: { access: 'admin' },
    schema: { response: { 200: z.array(adminReceiptRowSchema), ...errors } },
    handler: async (request) => {
      const found = await payments.listReceipts({});
      await app.audit(request, { action: 'receipt.list', patientIds: found.map((r) => r.patient_id), detail: `filas: ${found.length}` });
      return found.map(adminRow);
    },
  });

  app.post('/api/admin/receipts/search', {
    config: { access: 'admin' },
    schema: { body: searchSchema, response: { 200: z.array(adminReceiptRowSchema), ...errors } },
    handler: async (request) => {
      const found = await payments.listReceipts({ nombre: request.body.input });
      await app.audit(request, { action: 'receipt.list', patientIds: found.map((r) => r.patient_id), detail: `filas: ${found.length}, búsqueda por nombre` });
      return found.map(adminRow);
    },
  });

  app.get('/api/admin/receipts/:token', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, response: { 200: adminReceiptDetailSchema, ...errors } },
    handler: async (request) => {
      const r = await payments.receipt(request.params.token);
      await app.audit(request, { action: 'receipt.read', resource: { type: 'payment', id: r.id }, patientId: r.patient_id });
      const [duplicados, historial] = await Promise.all([
        r.comprobante_sha256 ? payments.duplicatesOf(r.comprobante_sha256, r.id) : Promise.resolve([]),
        payments.receiptHistory(r.id),
      ]);
      return {
        ...toDetail(r, '/api/admin/receipts'),
        correo: r.correo,
        posible_duplicado: r.posible_duplicado,
        duplicados,
        historial: historial.map((h) => ({
          evento: h.evento,
          detalle: h.detalle,
          por: h.nombre ? `${h.nombre} ${h.apellido ?? ''}`.trim() : null,
          fecha: h.created_at.toISOString(),
        })),
        aprobable: r.estado === 'pendiente' && payments.approvableFromReceipts(r.proposito),
      };
    },
  });

  app.get('/api/admin/receipts/:token/:kind', {
    config: { access: 'admin' },
    schema: { params: fileKind, response: errors },
    handler: async (request, reply) => {
      const r = await payments.receipt(request.params.token);
      const fileId = request.params.kind === 'comprobante' ? r.comprobante_file_id : r.fiscal_file_id;
      if (!fileId) return reply.code(404).send({ success: false, message: messages.unavailable });
      const file = await payments.readFile(fileId);
      await app.audit(request, { action: 'file.receipt', resource: { type: 'payment', id: r.id }, patientId: r.patient_id, detail: request.params.kind });
      return sendStoredFile(reply, file);
    },
  });

  // actualizar_pagos.php: multipart id, revisado and an optional fiscal PDF `archivo`.
  app.post('/api/admin/receipts/update', {
    config: { access: 'admin' },
    schema: { response: { 200: resultSchema, ...errors } },
    handler: async (request) => {
      const by = staffId(request.accounts);
      const { fields, files } = await readMultipart(request, ['archivo']);
      const input = parseOrThrow(receiptUpdateSchema, fields);
      const archivo = files.find((f) => f.field === 'archivo');
      await payments.updateReceipt({
        id: input.id,
        revisado: input.revisado,
        staffId: by,
        fiscal: archivo ? { bytes: archivo.bytes, filename: archivo.filename } : undefined,
      });
      await app.audit(request, { action: 'receipt.update', resource: { type: 'payment', id: input.id }, detail: `revisado ${input.revisado}${archivo ? ', factura adjunta' : ''}` });
      return { success: true, message: messages.receiptUpdated };
    },
  });

  app.post('/api/admin/receipts/reject', {
    config: { access: 'admin' },
    schema: { body: receiptRejectSchema, response: { 200: resultSchema, ...errors } },
    handler: async (request) => {
      await payments.reject(request.body.id, staffId(request.accounts), request.body.motivo);
      await app.audit(request, { action: 'receipt.update', resource: { type: 'payment', id: request.body.id }, detail: 'rechazado' });
      await request.server.notify.paymentRejected({ paymentId: request.body.id }, { motivo: request.body.motivo });
      return { success: true, message: messages.receiptRejected };
    },
  });

  app.post('/api/admin/receipts/approve', {
    config: { access: 'admin' },
    schema: { body: receiptApproveSchema, response: { 200: resultSchema, ...errors } },
    handler: async (request) => {
      await payments.approve(request.body.id, staffId(request.accounts));
      await app.audit(request, { action: 'receipt.update', resource: { type: 'payment', id: request.body.id }, detail: 'aprobado' });
      await request.server.notify.paymentApproved({ paymentId: request.body.id });
      return { success: true, message: messages.receiptUpdated };
    },
  });
}
