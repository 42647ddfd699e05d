import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  YAPPY_API,
  messages,
  yappyIpnAnswerSchema,
  yappyIpnQuerySchema,
  yappyOrderParamsSchema,
  yappyOrderStateSchema,
  type YappyOrderState,
} from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';

/** What the page tells the patient about an order in each state. */
const STATE_MESSAGES: Record<YappyOrderState, string> = {
  pendiente: messages.yappyStatePending,
  pagada: messages.yappyStatePaid,
  rechazada: messages.yappyStateRejected,
  cancelada: messages.yappyStateCancelled,
  expirada: messages.yappyStateExpired,
  pagada_tarde: messages.yappyPaidTooLate,
};

/**
 * Yappy's button (decision 0058): the notification Yappy sends (public, GET, exactly as Yappy
 * calls it) and the patient's poll of their own order. The order starts are the purposes' own
 * routes (consultations, appointments, chat).
 */
export default async function yappyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { yappy } = app.payments;

  app.get(YAPPY_API.ipn, {
    // Yappy calls it without a session; its hash, made with the clinic's secret key, is the authentication.
    config: { access: 'anonymous' },
    schema: { querystring: yappyIpnQuerySchema, response: { ...errorResponses, 200: yappyIpnAnswerSchema, 400: yappyIpnAnswerSchema } },
    handler: async (request, reply) => {
      const result = await yappy.notification(request.query);
      switch (result.outcome) {
        case 'refused':
          // Nothing was written; an impostor's attempt is kept (the order as sent, never the hash).
          request.log.warn({ reason: result.reason, orderId: result.orderId?.slice(0, 64) }, 'Yappy notification refused');
          await app.audit(request, {
            action: 'yappy.notification_refused',
            outcome: 'denied',
            patientId: result.patientId,
            detail: `${result.reason}; orden: ${(result.orderId ?? '').slice(0, 64)}; estado: ${(request.query.status ?? '').slice(0, 8)}`,
          });
          return reply.code(400).send({ success: false, message: messages.invalidRequest });
        case 'paid':
          await app.audit(request, {
            action: 'yappy.paid',
            resource: { type: 'payment', id: result.payment.id },
            patientId: result.order.patient_id,
            detail: `orden: ${result.order.id}; ${result.order.proposito}`,
          });
          return { success: true };
        case 'paid_late':
          await app.audit(request, {
            action: 'yappy.paid_late',
            resource: { type: 'payment', id: result.payment.id },
            patientId: result.order.patient_id,
            detail: `orden: ${result.order.id}; ${result.order.proposito}; se devuelve`,
          });
          return { success: true };
        case 'closed':
          // A rejected, cancelled or expired order closed unpaid (and its held hour released).
          await app.audit(request, {
            action: 'yappy.order_closed',
            patientId: result.order.patient_id,
            detail: `orden: ${result.order.id}; ${result.order.proposito}; ${result.order.estado}`,
          });
          return { success: true };
        case 'unchanged':
          return { success: true };
      }
    },
  });

  app.get(`${YAPPY_API.orderState}/:orden`, {
    config: { access: 'patient' },
    schema: { params: yappyOrderParamsSchema, response: { 200: yappyOrderStateSchema, ...errorResponses } },
    handler: async (request) => {
      const patientId = requireRole(request, 'patient').accountId;
      const s = await yappy.state(patientId, request.params.orden);
      await app.audit(request, { action: 'yappy.order_read', role: 'patient', patientId, detail: `orden: ${s.order.id}; ${s.order.estado}` });
      return {
        orden: s.order.id,
        estado: s.order.estado,
        proposito: s.order.proposito,
        message: STATE_MESSAGES[s.order.estado],
        consulta: s.consulta,
        numero: s.numero,
        confirmacion: s.order.estado === 'pagada' ? s.order.confirmacion : null,
        expira_at: s.order.expira_at.toISOString(),
      };
    },
  });
}
