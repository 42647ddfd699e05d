import type { FastifyBaseLogger } from 'fastify';
import { hash } from '@node-rs/argon2';
import { messages, type PasswordReset, type PasswordResetRequest, type Role } from '@clinica/shared';
import { AppError, tooManyRequests } from '../../infra/http/errors.js';
import { assertStrongPassword } from '../../infra/http/password-rule.js';
import type { SessionStore } from '../auth/index.js';
import type { SharedThrottle } from '../auth/index.js';
import type { Notifier } from '../mail/index.js';
import type { PasswordRecoveryRepository, ResetTokenRow } from './password-recovery.repository.js';
import { newToken, sha256 } from '../../infra/token.js';

// Used and expired links are kept a day, so that opening one says "used" or "expired", not "invalid".
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/**
 * Password recovery for patients, administrators and doctors: a single-use link valid 30
 * minutes, mailed to the account's address; the new password ends every session of the account.
 */
export function passwordRecoveryService(deps: {
  repo: PasswordRecoveryRepository;
  notify: Notifier;
  sessions: SessionStore;
  /** Links mailed per address and kind of account (silently: the answer stays the same). */
  emailThrottle: SharedThrottle;
  /** Requests per client address (answered 429). */
  ipThrottle: SharedThrottle;
  /** How long a link is valid (30 minutes). */
  ttlMs: number;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { repo, now, log } = deps;
  const pending = new Set<Promise<void>>();

  /** Looks the account up and mails a link; runs after the answer has left. */
  async function issue(input: PasswordResetRequest) {
    const account = await repo.findAccount(input.role, input.email);
    await repo.purgeExpired(new Date(now() - KEEP_EXPIRED_MS));
    if (!account) {
      // Only unverified registrations use the address: a reset link would hand one of them (maybe
      // someone else's) to whoever reads the mailbox, so the mail says what to do instead.
      if (input.role === 'patient' && (await repo.hasUnverifiedPatient(input.email))) {
        await deps.notify.passwordResetUnverified({ correo: input.email, nombre: '' });
      }
      return;
    }
    const token = newToken();
    await repo.insertToken({
      tokenHash: sha256(token, 'base64url'),
      role: input.role,
      accountId: account.id,
      createdAt: new Date(now()),
      expiresAt: new Date(now() + deps.ttlMs),
    });
    await deps.notify.passwordReset({ correo: account.correo, nombre: account.nombre }, { token, role: input.role });
  }

  /** The link's row if it can still be used; otherwise the Spanish reason. */
  function refuse(row: ResetTokenRow | undefined): never {
    const message = !row ? messages.resetLinkInvalid : row.used_at ? messages.resetLinkUsed : messages.resetLinkExpired;
    throw new AppError(400, message, { token: message });
  }

  async function usable(token: string) {
    const row = await repo.findToken(sha256(token, 'base64url'));
    if (!row || row.used_at || row.expires_at.getTime() <= now()) refuse(row);
    return row;
  }

  return {
    /**
     * 'Forgot password'. The answer is the same, and takes the same time, whether or not the
     * address has an account: the lookup and the e-mail happen after the answer.
     */
    async requestReset(input: PasswordResetRequest, client: { ip: string }) {
      const ipKey = [`i:${client.ip}`];
      if (await deps.ipThrottle.isBlocked(ipKey)) throw tooManyRequests();
      await deps.ipThrottle.recordFailure(ipKey);
      const emailKey = [`e:${input.role}:${input.email}`];
      if (await deps.emailThrottle.isBlocked(emailKey)) return;
      await deps.emailThrottle.recordFailure(emailKey);
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => issue(input))
        .catch((err: unknown) => log.error({ err }, 'password reset link not issued'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },

    /** Checks a link before the form is shown; returns the kind of account. */
    async check(token: string): Promise<{ role: Role }> {
      const row = await usable(token);
      return { role: row.role };
    },

    /** Sets the new password, uses up the link and ends every session of the account. */
    async reset(input: PasswordReset): Promise<{ role: Role }> {
      const row = await usable(input.token);
      assertStrongPassword(input.password, await repo.ownerOf(row));
      const passwordHash = await hash(input.password);
      const account = await repo.consumeAndSetPassword(sha256(input.token, 'base64url'), new Date(now()), passwordHash);
      // Another request used the link while the password was hashed.
      if (!account) refuse(await repo.findToken(sha256(input.token, 'base64url')));
      await deps.sessions.revokeAccounts([account]);
      await deps.notify.passwordChanged(
        account.role === 'patient' ? { patientId: account.accountId } : { staffId: account.accountId },
        { role: account.role },
      );
      return { role: account.role };
    },

    /** Waits for links still being issued (shutdown, tests). */
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
export type PasswordRecoveryService = ReturnType<typeof passwordRecoveryService>;
