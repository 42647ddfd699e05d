import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_VERIFICATION_TTL_MS, messages } from '@clinica/shared';
import { AppError, notFound } from '../../infra/http/errors.js';
import type { SessionStore } from '../auth/index.js';
import type { Storage } from '../../infra/storage.js';
import type { Notifier } from '../mail/index.js';
import type { EmailVerificationRepository, VerificationTokenRow } from './email-verification.repository.js';
import { newToken, sha256 } from '../../infra/token.js';

// Used and expired links are kept a week, so that opening one says "used" or "expired", not "invalid".
const KEEP_EXPIRED_MS = 7 * 24 * 60 * 60_000;
/** Resend throttle: one link a minute and five an hour per account (counted in the database, so on every instance). */
const RESEND_LIMITS = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 60 * 60_000, max: 5 },
] as const;

/**
 * E-mail ownership of patients (issue 18, item 1; decision 0023): a single-use link, stored as
 * its SHA-256, valid 24 hours; opening it verifies the address, and the first registration of
 * an address to be verified wins it.
 */
export function emailVerificationService(deps: {
  repo: EmailVerificationRepository;
  notify: Notifier;
  sessions: SessionStore;
  storage: Storage;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { repo, now } = deps;

  /** Makes a link and mails it to the patient's address. */
  async function send(patientId: string) {
    const token = newToken();
    await repo.insertToken({
      tokenHash: sha256(token, 'base64url'),
      patientId,
      createdAt: new Date(now()),
      expiresAt: new Date(now() + EMAIL_VERIFICATION_TTL_MS),
    });
    await deps.notify.emailVerification({ patientId }, { token });
  }

  function refuse(row: VerificationTokenRow | undefined): never {
    const message = !row
      ? messages.emailVerificationLinkInvalid
      : row.used_at
        ? messages.emailVerificationLinkUsed
        : messages.emailVerificationLinkExpired;
    throw new AppError(400, message, { token: message });
  }

  return {
    /** The link of a new registration (its welcome message). */
    sendFirst: (patientId: string) => send(patientId),

    /** Whether the signed-in patient's address is verified. */
    async status(patientId: string) {
      const p = await deps.repo.patient(patientId);
      if (!p) throw notFound();
      return p;
    },

    /** 'Reenviar el enlace': a new link, at most one a minute and five an hour. */
    async resend(patientId: string) {
      const p = await repo.patient(patientId);
      if (!p) throw notFound();
      if (p.verified_at) return 'already-verified' as const;
      for (const limit of RESEND_LIMITS) {
        if ((await repo.sentSince(patientId, new Date(now() - limit.windowMs))) >= limit.max) {
          throw new AppError(429, messages.emailVerificationThrottled);
        }
      }
      await send(patientId);
      return 'sent' as const;
    },

    /** Opens a link: verifies the address, or says in Spanish why the link does not serve. */
    async verify(token: string) {
      const tokenHash = sha256(token, 'base64url');
      await repo.purgeExpired(new Date(now() - KEEP_EXPIRED_MS));
      const outcome = await repo.verify(tokenHash, new Date(now()));
      if (!outcome) refuse(await repo.findToken(tokenHash));
      // The losing registrations' sessions end on every instance (a detached one included).
      if (outcome.losers.length > 0) {
        await deps.sessions.revokeAccounts(outcome.losers.map((accountId) => ({ role: 'patient' as const, accountId })));
      }
      for (const file of outcome.removedFiles) {
        await deps.storage.delete(file).catch((err: unknown) => deps.log.error({ err }, 'removed registration file not deleted'));
      }
      return outcome;
    },
  };
}
export type EmailVerificationService = ReturnType<typeof emailVerificationService>;
