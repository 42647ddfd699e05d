import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ACTIONS,
  messages,
  resultSchema,
  staffAccountListSchema,
  staffAccountParamsSchema,
  staffInvitationAcceptSchema,
  staffInvitationInfoSchema,
  staffInvitationLookupSchema,
  staffInvitationSchema,
  type StaffAction,
} from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';
import { STAFF_ACTION_DONE, toInvitationInfo, toStaffAccount } from './staff-accounts.mapper.js';

const AUDIT_OF: Record<StaffAction, 'staff.approve' | 'staff.reject' | 'staff.deactivate' | 'staff.reactivate'> = {
  approve: 'staff.approve',
  reject: 'staff.reject',
  deactivate: 'staff.deactivate',
  reactivate: 'staff.reactivate',
};
const kindOf = (role: 'admin' | 'doctor') => (role === 'admin' ? 'de administrador' : 'de médico');

/**
 * Staff accounts approved and revocable (issue 18): the administrators' list and its four
 * actions, invitations by e-mail, and the invitee's two calls.
 */
export default async function staffAccountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.staffAccounts;

  app.get('/api/admin/staff', {
    config: { access: 'admin' },
    schema: { response: { 200: staffAccountListSchema, ...errorResponses } },
    handler: async (request) => {
      const list = await service.list();
      await app.audit(request, { action: 'staff.list', role: 'admin' });
      return list.map(toStaffAccount);
    },
  });

  for (const action of STAFF_ACTIONS) {
    app.post(`/api/admin/staff/:id/${action}`, {
      config: { access: 'admin' },
      schema: { params: staffAccountParamsSchema, response: { 200: resultSchema, ...errorResponses } },
      handler: async (request) => {
        const admin = requireRole(request, 'admin');
        const account = await service.act(action, request.params.id, { staffId: admin.accountId });
        await app.audit(request, {
          action: AUDIT_OF[action],
          role: 'admin',
          resource: { type: 'staff', id: account.id },
          patientId: null,
          detail: `cuenta ${kindOf(account.role)} ${account.correo} (${account.nombre} ${account.apellido})`,
        });
        return { success: true, message: STAFF_ACTION_DONE[action] };
      },
    });
  }

  app.post('/api/admin/staff/invitations', {
    config: { access: 'admin' },
    schema: { body: staffInvitationSchema, response: { 201: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const input = request.body;
      await service.invite(input, { staffId: admin.accountId });
      await app.audit(request, {
        action: 'staff.invite',
        role: 'admin',
        patientId: null,
        detail: `invitación ${kindOf(input.rol)} para ${input.correo}${input.servicio ? ` (${input.servicio})` : ''}`,
      });
      return reply.code(201).send({ success: true, message: messages.staffInvitationSent });
    },
  });

  // The invitee has no account yet: these two are open, and the token is their only key (256 bits).
  app.post('/api/staff-invitations/lookup', {
    config: { access: 'anonymous' },
    schema: { body: staffInvitationLookupSchema, response: { 200: staffInvitationInfoSchema, ...errorResponses } },
    handler: async (request) => toInvitationInfo(await service.lookup(request.body.token)),
  });

  app.post('/api/staff-invitations/accept', {
    config: { access: 'anonymous' },
    schema: { body: staffInvitationAcceptSchema, response: { 201: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const created = await service.accept(request.body);
      await app.audit(request, {
        action: 'staff.invitation_accepted',
        actor: { role: created.role, accountId: created.id, correo: created.correo },
        resource: { type: 'staff', id: created.id },
        patientId: null,
        detail: `cuenta ${kindOf(created.role)} ${created.correo}, activa`,
      });
      return reply.code(201).send({ success: true, message: messages.invitationAccepted });
    },
  });
}
