import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_CHALLENGE_MS,
  TWO_FACTOR_MAX_ATTEMPTS,
  isTotpCode,
  messages,
} from '@clinica/shared';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.js';
import { decrypt, encrypt, type Keyring } from '../../plugins/storage.js';
import type { SharedThrottle } from '../auth/login-throttle.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

export type StaffRole = 'admin' | 'doctor';
export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

/** The issuer authenticator apps show above the account (the staff member's e-mail). */
export const TOTP_ISSUER = 'Clínica';

const sha256 = (s: string) => crypto.hash('sha256', s, 'hex');

/** A wrong code at sign-in; says whose, for the audit trail. */
export class CodeRefused extends AppError {
  constructor(
    readonly staffId: string,
    readonly correo: string,
  ) {
    super(401, messages.twoFactorCodeInvalid, { codigo: messages.twoFactorCodeInvalid });
  }
}
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

/** The TOTP of a base32 secret: RFC 6238 with SHA-1, 6 digits, 30 s. */
export const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A recovery code: 12 random characters of an unambiguous alphabet, shown as xxxx-xxxx-xxxx. */
function newRecoveryCode() {
  const bytes = crypto.randomBytes(12);
  // 256 is not a multiple of the alphabet's 31 letters; the tiny bias costs a fraction of a bit.
  const raw = [...bytes].map((b) => RECOVERY_CODE_ALPHABET[b % RECOVERY_CODE_ALPHABET.length]).join('');
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}
const normalisedHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());

/**
 * Two-factor sign-in of administrators and doctors: enrolment (secret, QR, first code),
 * verification of codes with replay protection, recovery codes, and the sign-ins waiting for
 * their code (server-side, 5 minutes, limited attempts).
 */
export function twoFactorService(deps: {
  repo: TwoFactorRepository;
  key: Buffer | Keyring;
  required: boolean;
  /** Wrong codes per account, over all its sign-ins (a password holder could start many). */
  accountThrottle: SharedThrottle;
  now: () => number;
}) {
  const { repo } = deps;
  // Accounts known to have two-factor sign-in: only positive answers are kept, so an account
  // that enrols on another instance is never wrongly let through.
  const enabledCache = new Set<string>();

  const secretOf = (stored: string) => decrypt(deps.key, Buffer.from(stored, 'base64')).toString('utf8');

  /** Checks a 6-digit code against the secret (±1 step) and spends its step; false when wrong or replayed. */
  async function spendTotp(staffId: string, secretEncrypted: string, code: string) {
    if (!isTotpCode(code)) return false;
    const now = deps.now();
    const delta = totpOf(secretOf(secretEncrypted), 'x').validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return false;
    return repo.useStep(staffId, Math.floor(now / PERIOD_MS) + delta);
  }

  /** A current authenticator code of an enrolled account, or a 401. */
  async function requireCurrentCode(staffId: string, code: string) {
    const row = await repo.find(staffId);
    if (!row?.confirmed_at) throw badRequest(messages.twoFactorNotEnabled);
    const key = [`2fa:${staffId}`];
    if (await deps.accountThrottle.isBlocked(key)) throw tooManyRequests();
    if (!(await spendTotp(staffId, row.secret_encrypted, code))) {
      await deps.accountThrottle.recordFailure(key);
      throw new AppError(401, messages.twoFactorCodeInvalid, { codigo: messages.twoFactorCodeInvalid });
    }
  }

  async function issueRecoveryCodes(staffId: string) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(staffId, codes.map(normalisedHash), new Date(deps.now()));
    return codes;
  }

  return {
    required: deps.required,

    /** Whether the account has confirmed two-factor sign-in (read from the database: sign-in asks this). */
    isEnabled: (staffId: string) => repo.isEnabled(staffId),

    /** A staff session of this account is held to the enrolment pages (required and not enrolled). */
    async isRestricted(staffId: string) {
      if (!deps.required || enabledCache.has(staffId)) return false;
      const enabled = await repo.isEnabled(staffId);
      if (enabled) enabledCache.add(staffId);
      return !enabled;
    },

    async status(staffId: string) {
      const enabled = await repo.isEnabled(staffId);
      return {
        activo: enabled,
        obligatorio: deps.required,
        codigos_restantes: enabled ? await repo.recoveryCodesLeft(staffId) : 0,
      };
    },

    /** Starts a sign-in waiting for its code; returns the token of its cookie. */
    async startChallenge(role: StaffRole, staffId: string, client: ClientMeta) {
      const token = crypto.randomBytes(32).toString('base64url');
      const now = deps.now();
      await repo.insertChallenge({
        id_hash: sha256(token),
        role,
        staff_id: staffId,
        created_at: new Date(now),
        expires_at: new Date(now + TWO_FACTOR_CHALLENGE_MS),
        attempts: 0,
        ip: client.ip.slice(0, 100),
        user_agent: client.userAgent,
      });
      return token;
    },

    /**
     * Completes a sign-in with its code (or a recovery code). Returns the account; throws 401 for
     * an unknown or expired sign-in or a wrong code, 429 when out of attempts.
     */
    async completeChallenge(role: StaffRole, token: string | undefined, code: string) {
      if (!token || token.length > 100) throw new AppError(401, messages.twoFactorChallengeExpired);
      const idHash = sha256(token);
      const challenge = await repo.findChallenge(idHash, role);
      if (!challenge) throw new AppError(401, messages.twoFactorChallengeExpired);
      if (challenge.expires_at.getTime() <= deps.now()) {
        await repo.deleteChallenge(idHash);
        throw new AppError(401, messages.twoFactorChallengeExpired);
      }
      const staffId = challenge.staff_id;
      const accountKey = [`2fa:${staffId}`];
      if (challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS || (await deps.accountThrottle.isBlocked(accountKey))) {
        await repo.deleteChallenge(idHash);
        throw tooManyRequests();
      }
      const row = await repo.find(staffId);
      let method: 'totp' | 'recovery' | null = null;
      if (row?.confirmed_at) {
        if (isTotpCode(code)) {
          if (await spendTotp(staffId, row.secret_encrypted, code)) method = 'totp';
        } else if (await repo.useRecoveryCode(staffId, normalisedHash(code), new Date(deps.now()))) {
          method = 'recovery';
        }
      }
      if (!method) {
        await deps.accountThrottle.recordFailure(accountKey);
        const attempts = await repo.countAttempt(idHash);
        if (attempts >= TWO_FACTOR_MAX_ATTEMPTS) await repo.deleteChallenge(idHash);
        throw new CodeRefused(staffId, challenge.correo);
      }
      // Only the request that ends the challenge signs in (two tabs sending one code).
      if (!(await repo.deleteChallenge(idHash))) throw new AppError(401, messages.twoFactorChallengeExpired);
      await deps.accountThrottle.reset(accountKey[0]!);
      return { staffId, correo: challenge.correo, method };
    },

    /** Enrolment, step 1: a new secret (stored encrypted), its otpauth:// URI and the QR code. */
    async setup(staffId: string, correo: string) {
      const existing = await repo.find(staffId);
      if (existing?.confirmed_at) throw badRequest(messages.twoFactorAlreadyEnabled);
      const secret = new Secret({ size: 20 }).base32;
      const stored = encrypt(deps.key, Buffer.from(secret, 'utf8')).toString('base64');
      if (!(await repo.upsertPending(staffId, stored, new Date(deps.now()))))
        throw badRequest(messages.twoFactorAlreadyEnabled);
      const uri = totpOf(secret, correo).toString();
      const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return { secreto: secret, uri, qr };
    },

    /** Enrolment, step 2: the first valid code turns it on; returns the recovery codes (shown once). */
    async confirm(staffId: string, code: string) {
      const row = await repo.find(staffId);
      if (row?.confirmed_at) throw badRequest(messages.twoFactorAlreadyEnabled);
      if (!row) throw badRequest(messages.twoFactorNotStarted);
      const key = [`2fa:${staffId}`];
      if (await deps.accountThrottle.isBlocked(key)) throw tooManyRequests();
      if (!(await spendTotp(staffId, row.secret_encrypted, code))) {
        await deps.accountThrottle.recordFailure(key);
        throw new AppError(401, messages.twoFactorCodeInvalid, { codigo: messages.twoFactorCodeInvalid });
      }
      await repo.confirm(staffId, new Date(deps.now()));
      enabledCache.add(staffId);
      return issueRecoveryCodes(staffId);
    },

    /** New recovery codes (the old ones stop working); needs a current code. */
    async regenerateRecoveryCodes(staffId: string, code: string) {
      await requireCurrentCode(staffId, code);
      return issueRecoveryCodes(staffId);
    },

    /** Turns two-factor sign-in off (refused when configuration requires it); needs a current code. */
    async disable(staffId: string, code: string) {
      if (deps.required) throw new AppError(403, messages.twoFactorCannotDisable);
      await requireCurrentCode(staffId, code);
      await repo.remove(staffId);
      enabledCache.delete(staffId);
    },

    /** Deletes sign-ins whose 5 minutes are over; run on a timer. */
    sweep: () => repo.deleteExpiredChallenges(new Date(deps.now())),
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;
