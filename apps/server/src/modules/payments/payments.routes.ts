import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReceiptDetailSchema,
  adminReceiptRowSchema,
  errorSchema,
  manualRefundSchema,
  messages,
  paypalRefundSchema,
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
  tokenParamsSchema,
} from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { cookieNames } from '../auth/index.js';
import type { PaymentsRepository } from './payments.repository.js';
import { sendStoredFile } from '../../infra/http/send-file.js';
import { searchableAdminList } from '../../infra/http/searchable-admin-list.js';
import { requireRole } from '../../infra/http/access.js';

const fileKind = z.object({
  token: tokenParamsSchema.shape.token,
  kind: z.enum(['comprobante', 'factura', 'reembolso'], { error: messages.notFound }),
});

type ReceiptRecord = NonNullable<Awaited<ReturnType<PaymentsRepository['receiptByToken']>>>;

const toRow = (r: ReceiptRecord) => ({
  id: r.id,
  token: r.token,
  numero: r.numero,
  nombre: r.nombre,
  apellido: r.apellido,
  monto: r.monto_cents / 100,
  metodo_de_pago: r.metodo_de_pago,
  proposito: r.proposito,
  servicio: r.servicio,
  estado: r.estado,
  revisado: r.revisado,
  fecha: r.created_at.toISOString(),
  reembolso:
    r.reembolso_estado && r.reembolso_motivo && r.reembolso_debido_at
      ? {
          estado: r.reembolso_estado,
          motivo: r.reembolso_motivo,
          debido: r.reembolso_debido_at.toISOString(),
          fecha: r.reembolso_completado_at?.toISOString() ?? null,
          referencia: r.reembolso_referencia,
        }
      : null,
  confirmacion_yappy: r.confirmacion_yappy,
});

/** The stored file a download route names. */
const fileOf = (r: ReceiptRecord, kind: 'comprobante' | 'factura' | 'reembolso') =>
  kind === 'comprobante' ? r.comprobante_file_id : kind === 'factura' ? r.fiscal_file_id : r.reembolso_file_id;

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

  // obtener_paypal_config.php, plus what the transfer and Yappy sub-forms show.
  app.get('/api/payments/config', {
    config: { access: 'patient' },
    schema: { response: { 200: paymentsConfigSchema, ...errorResponses } },
    handler: async () => ({
      client_id: paypal.clientId,
      sdk_url: paypal.sdkUrl,
      demo: paypal.mode === 'stand-in',
      moneda: 'USD' as const,
      cuentas_bancarias: clinic.bankAccounts,
      yappy: clinic.yappyNumber,
      yappy_boton: { cdn_url: app.config.yappy.cdnUrl, demo: app.config.yappy.mode === 'stand-in' },
    }),
  });

  // check_session_pagos.php: signed in?, and the server's price (the page never decides it).
  app.get('/api/payments/session', {
    config: { access: 'anonymous' },
    schema: { querystring: paymentSessionQuerySchema, response: { 200: paymentSessionSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const account = await app.sessions.resolve('patient', request.cookies[cookies.names.patient]);
      reply.header('cache-control', 'no-store');
      return { authenticated: account !== null, precio: priceOf(request.query.servicio) };
    },
  });

  // --- the patient's receipts (/Recibo_pagos) -----------------------------------------------------

  app.get('/api/receipts', {
    config: { access: 'patient' },
    schema: { response: { 200: z.array(receiptRowSchema), ...errorResponses } },
    handler: async (request) => {
      const rows = (await payments.listReceipts({ patientId: requireRole(request, 'patient').accountId })).map(toRow);
      await app.audit(request, { action: 'receipt.list', role: 'patient', patientId: requireRole(request, 'patient').accountId, detail: `filas: ${rows.length}` });
      return rows;
    },
  });

  app.get('/api/receipts/:token', {
    config: { access: 'patient' },
    schema: { params: tokenParamsSchema, response: { 200: receiptDetailSchema, ...errorResponses } },
    handler: async (request) => {
      const r = await payments.receipt(request.params.token, requireRole(request, 'patient').accountId);
      await app.audit(request, { action: 'receipt.read', role: 'patient', resource: { type: 'payment', id: r.id }, patientId: r.patient_id });
      return toDetail(r, '/api/receipts');
    },
  });

  app.get('/api/receipts/:token/:kind', {
    config: { access: 'patient' },
    schema: { params: fileKind, response: errorResponses },
    handler: async (request, reply) => {
      const r = await payments.receipt(request.params.token, requireRole(request, 'patient').accountId);
      const fileId = fileOf(r, request.params.kind);
      if (!fileId) return reply.code(404).send({ success: false, message: messages.unavailable });
      const file = await payments.readFile(fileId);
      await app.audit(request, { action: 'file.receipt', resource: { type: 'payment', id: r.id }, patientId: r.patient_id, detail: request.params.kind });
      return sendStoredFile(reply, file);
    },
  });

  // --- administrators (/Recibo_Admin) --------------------------------------------------------------

  const adminRow = (r: ReceiptRecord) => ({ ...toRow(r), posible_duplicado: r.posible_duplicado });

  // /Recibo_Admin, paged (decision 0039): every patient shown is audited.
  searchableAdminList(app, {
    path: '/api/admin/receipts',
    row: adminReceiptRowSchema,
    page: (q) => payments.receiptPage(q),
    patientOf: (r) => r.patient_id,
    audit: (request, read) => app.audit(request, { action: 'receipt.list', ...read }),
    toRow: adminRow,
  });

  app.get('/api/admin/receipts/:token', {
    config: { access: 'admin' },
    schema: { params: tokenParamsSchema, response: { 200: adminReceiptDetailSchema, ...errorResponses } },
    handler: async (request) => {
      const r = await payments.receipt(request.params.token);
      const [duplicates, historial] = await Promise.all([
        r.comprobante_sha256 ? payments.duplicatesOf(r.comprobante_sha256, r.id) : Promise.resolve([]),
        payments.receiptHistory(r.id),
      ]);
      await app.audit(request, { action: 'receipt.read', resource: { type: 'payment', id: r.id }, patientId: r.patient_id });
      // The warning names the other patients who sent the same file: their names are a read of their data too.
      const others = [...new Set(duplicates.map((d) => d.patient_id).filter((id) => id !== r.patient_id))];
      if (others.length > 0) await app.audit(request, { action: 'receipt.read', resource: { type: 'payment', id: r.id }, patientIds: others, detail: 'posible duplicado' });
      const duplicados = duplicates.map(({ token, numero, nombre, apellido }) => ({ token, numero, nombre, apellido }));
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
        aprobable: r.estado === 'pendiente' && r.reembolso_estado === null && payments.approvableFromReceipts(r.proposito),
        Link_Reembolso: r.reembolso_file_id ? `/api/admin/receipts/${r.token}/reembolso` : null,
      };
    },
  });

  app.get('/api/admin/receipts/:token/:kind', {
    config: { access: 'admin' },
    schema: { params: fileKind, response: errorResponses },
    handler: async (request, reply) => {
      const r = await payments.receipt(request.params.token);
      const fileId = fileOf(r, request.params.kind);
      if (!fileId) return reply.code(404).send({ success: false, message: messages.unavailable });
      const file = await payments.readFile(fileId);
      await app.audit(request, { action: 'file.receipt', resource: { type: 'payment', id: r.id }, patientId: r.patient_id, detail: request.params.kind });
      return sendStoredFile(reply, file);
    },
  });

  // actualizar_pagos.php: multipart id, revisado and an optional fiscal PDF `archivo`.
  app.post('/api/admin/receipts/update', {
    config: { access: 'admin' },
    schema: { response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const by = requireRole(request, 'admin').accountId;
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
    schema: { body: receiptRejectSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await payments.reject(request.body.id, requireRole(request, 'admin').accountId, request.body.motivo);
      await app.audit(request, { action: 'receipt.update', resource: { type: 'payment', id: request.body.id }, detail: 'rechazado' });
      return { success: true, message: messages.receiptRejected };
    },
  });

  app.post('/api/admin/receipts/approve', {
    config: { access: 'admin' },
    schema: { body: receiptApproveSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await payments.approve(request.body.id, requireRole(request, 'admin').accountId);
      await app.audit(request, { action: 'receipt.update', resource: { type: 'payment', id: request.body.id }, detail: 'aprobado' });
      return { success: true, message: messages.receiptUpdated };
    },
  });

  // --- refunds (issue 20, docs/decisions/0035-refunds.md) -----------------------------------------

  // A PayPal payment owed back: refunded through PayPal's API, the whole amount, once.
  app.post('/api/admin/receipts/refund-paypal', {
    config: { access: 'admin' },
    schema: { body: paypalRefundSchema, response: { 200: resultSchema, ...errorResponses, 502: errorSchema } },
    handler: async (request) => {
      const by = requireRole(request, 'admin').accountId;
      try {
        const done = await payments.refundPaypal(request.body.id, by);
        await app.audit(request, {
          action: 'receipt.refund',
          resource: { type: 'payment', id: request.body.id },
          detail: `PayPal ${done.referencia}, ${(done.monto_cents / 100).toFixed(2)} USD`,
        });
      } catch (err) {
        await app.audit(request, {
          action: 'receipt.refund',
          resource: { type: 'payment', id: request.body.id },
          outcome: 'failure',
          detail: 'PayPal: no realizado',
        });
        throw err;
      }
      return { success: true, message: messages.refundPaypalDone };
    },
  });

  // A transfer or Yappy refund the clinic made: multipart id, referencia and an optional proof `archivo`.
  app.post('/api/admin/receipts/refund', {
    config: { access: 'admin' },
    schema: { response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const by = requireRole(request, 'admin').accountId;
      const { fields, files } = await readMultipart(request, ['archivo']);
      const input = parseOrThrow(manualRefundSchema, fields);
      const archivo = files.find((f) => f.field === 'archivo');
      await payments.recordManualRefund({
        paymentId: input.id,
        staffId: by,
        referencia: input.referencia,
        file: archivo ? { bytes: archivo.bytes, filename: archivo.filename } : undefined,
      });
      await app.audit(request, {
        action: 'receipt.refund',
        resource: { type: 'payment', id: input.id },
        detail: `registrado${archivo ? ', comprobante adjunto' : ''}`,
      });
      return { success: true, message: messages.refundRecorded };
    },
  });
}
