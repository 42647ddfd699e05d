import { hash } from '@node-rs/argon2';
import {
  STAFF_INVITATION_HOURS,
  messages,
  type StaffAction,
  type StaffInvitation,
  type StaffInvitationAccept,
  type StaffState,
} from '@clinica/shared';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
import type { StaffAccountsRepository } from './staff-accounts.repository.js';
import { newToken, sha256 } from '../../infra/token.js';

const INVITATION_MS = STAFF_INVITATION_HOURS * 60 * 60_000;

/** Which state each action needs and which it leaves. */
const MOVES: Record<Exclude<StaffAction, 'reject'>, { from: StaffState; to: StaffState }> = {
  approve: { from: 'pendiente', to: 'activo' },
  deactivate: { from: 'activo', to: 'desactivado' },
  reactivate: { from: 'desactivado', to: 'activo' },
};

/**
 * Staff accounts approved and revocable (issue 18, docs/decisions/0025). The routes end sessions
 * (SessionStore) and write the audit rows; the rules are here.
 */
import type { Notifier } from '../mail/index.js';

export function staffAccountsService(deps: {
  repo: StaffAccountsRepository;
  now: () => number;
  /** Ends every session of the account on every instance (the `sessions:revoked` publication). */
  endSessions(account: { role: 'admin' | 'doctor'; accountId: string }): Promise<void>;
  notify: Pick<Notifier, 'staffInvitation'>;
}) {
  const { repo } = deps;
  const at = () => new Date(deps.now());

  /** The invitation behind a link's token, or the reason it cannot be used. */
  async function usableInvitation(token: string) {
    const invitation = await repo.findInvitation(sha256(token, 'hex'));
    if (!invitation) throw badRequest(messages.invitationInvalid);
    if (invitation.used_at) throw new AppError(410, messages.invitationUsed);
    if (invitation.expires_at.getTime() <= deps.now()) throw new AppError(410, messages.invitationExpired);
    return invitation;
  }

  return {
    list: () => repo.list(),

    /**
     * Approves, rejects, deactivates or reactivates one account. An administrator cannot
     * deactivate themselves nor the last active administrator; deactivation ends the person's
     * sessions and chat sockets everywhere at once.
     */
    async act(action: StaffAction, id: string, actor: { staffId: string }) {
      const account = await repo.find(id);
      if (!account) throw notFound();
      if (action === 'reject') {
        if (!(await repo.deletePending(id))) throw new AppError(409, messages.staffStateChanged);
        return account;
      }
      if (action === 'deactivate' && id === actor.staffId) throw new AppError(403, messages.staffCannotDeactivateSelf);
      const move = MOVES[action];
      const result = await repo.transition(id, move.from, move.to, actor.staffId, at(), {
        keepOneAdmin: action === 'deactivate' && account.role === 'admin',
      });
      if (result === 'last_admin') throw new AppError(409, messages.staffLastActiveAdmin);
      if (result === 'changed') throw new AppError(409, messages.staffStateChanged);
      if (move.to !== 'activo') await deps.endSessions({ role: account.role, accountId: id });
      return account;
    },

    /** Creates a single-use invitation; returns the link's token (only its SHA-256 is stored). */
    async invite(input: StaffInvitation, actor: { staffId: string }) {
      if (await repo.accountExists(input.rol, input.correo)) {
        throw badRequest(messages.staffInvitationEmailTaken, { correo: messages.staffInvitationEmailTaken });
      }
      const token = newToken();
      await repo.insertInvitation({
        token_hash: sha256(token, 'hex'),
        role: input.rol,
        correo: input.correo,
        servicio: input.servicio,
        invited_by: actor.staffId,
        expires_at: new Date(deps.now() + INVITATION_MS),
      });
      await deps.notify.staffInvitation(
        { correo: input.correo, nombre: '' },
        { token, role: input.rol, expiresAt: new Date(deps.now() + INVITATION_MS) },
      );
      return token;
    },

    /** What an invitation link is for (the invitee's page shows it above the form). */
    lookup: usableInvitation,

    /** The invitee sets name and password: the account is active at once; the link is spent. */
    async accept(input: StaffInvitationAccept) {
      const invitation = await usableInvitation(input.token);
      const result = await repo.acceptInvitation(
        invitation.id,
        {
          role: invitation.role,
          correo: invitation.correo,
          servicio: invitation.servicio,
          nombre: input.nombre,
          apellido: input.apellido,
          password_hash: await hash(input.password),
          by: invitation.invited_by,
        },
        at(),
      );
      if (result === 'used') throw new AppError(410, messages.invitationUsed);
      if (result === 'taken') throw badRequest(messages.staffInvitationEmailTaken);
      return { id: result.id, role: invitation.role, correo: invitation.correo };
    },
  };
}
export type StaffAccountsService = ReturnType<typeof staffAccountsService>;
