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
import { AppError, badRequest, tooManyRequests } from '../../infra/http/errors.js';
import { decrypt, encrypt, type Keyring } from '../../infra/storage.js';
import type { SharedThrottle } from '../auth/index.js';
import type { TwoFactorRepository } from './two-factor.repository.js';
import { newToken, sha256 } from '../../infra/token.js';

export type StaffRole = 'admin' | 'doctor';
export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

/** The issuer authenticator apps show above the account (the staff member's e-mail). */
export const TOTP_ISSUER = 'Clínica';

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
const normalisedHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase(), 'hex');

/**
 * Two-factor sign-in of administrators and doctors: enrolment (secret, QR, first code),
 * verification of codes with replay protection, recovery codes, and the sign-ins waiting for
 * their code (server-side, 5 minutes, limited attempts).
 */
import type { Notifier } from '../mail/index.js';

export function twoFactorService(deps: {
  repo: TwoFactorRepository;
  key: Buffer | Keyring;
  required: boolean;
  /** Wrong codes per account, over all its sign-ins (a password holder could start many). */
  accountThrottle: SharedThrottle;
  /**
   * Whether a session was opened with a passkey (decision 0026): a passkey with user
   * verification is both factors, so that session is not held to the enrolment.
   */
  passkeySession?: (sessionIdHash: string) => Promise<boolean>;
  /** Ends every session of an account on every instance (the `sessions:revoked` publication). */
  endSessions(account: { role: StaffRole; accountId: string }): Promise<void>;
  notify: Pick<Notifier, 'twoFactorReset'>;
  now: () => number;
}) {
  const { repo } = deps;
  // Sessions known to belong to an enrolled account: only positive answers are kept, so an
  // account that enrols on another instance is never wrongly let through. Keyed by session, not
  // by account: an administrator's reset (decision 0021) ends every session of the account, so no
  // instance can hold a stale "enrolled" for the password-only sessions that follow it.
  const enabledSessions = new Set<string>();
  const ENABLED_SESSIONS_LIMIT = 100_000;

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

  /**
   * A staff session of this account is held to the enrolment pages (required, not enrolled and
   * not opened with a passkey). `sessionIdHash` lets a positive answer be remembered for that session.
   */
  async function isRestricted(staffId: string, sessionIdHash?: string) {
    if (!deps.required || (sessionIdHash !== undefined && enabledSessions.has(sessionIdHash))) return false;
    const enabled =
      (await repo.isEnabled(staffId)) ||
      (sessionIdHash !== undefined && deps.passkeySession !== undefined && (await deps.passkeySession(sessionIdHash)));
    if (enabled && sessionIdHash !== undefined) {
      if (enabledSessions.size >= ENABLED_SESSIONS_LIMIT) enabledSessions.clear();
      enabledSessions.add(sessionIdHash);
    }
    return !enabled;
  }

  return {
    required: deps.required,

    /** Whether the account has confirmed two-factor sign-in (read from the database: sign-in asks this). */
    isEnabled: (staffId: string) => repo.isEnabled(staffId),

    isRestricted,

    /** True when a session is surely not restricted without asking the database (the polls' fast path). */
    knownUnrestricted: (sessionIdHash: string) => !deps.required || enabledSessions.has(sessionIdHash),

    /** The account's state; `restringida` when this session is held to the enrolment (no second factor yet). */
    async status(staffId: string, sessionIdHash: string) {
      const enabled = await repo.isEnabled(staffId);
      return {
        enabled,
        required: deps.required,
        recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(staffId) : 0,
        restricted: await isRestricted(staffId, sessionIdHash),
      };
    },

    /** Starts a sign-in waiting for its code; returns the token of its cookie. */
    async startChallenge(role: StaffRole, staffId: string, client: ClientMeta) {
      const token = newToken();
      const now = deps.now();
      await repo.insertChallenge({
        id_hash: sha256(token, 'hex'),
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
      const idHash = sha256(token, 'hex');
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

    /**
     * A code sent with the password in one request (issue 18: the way in for the owner while
     * strangers' wrong passwords keep their account locked): true when it is a current
     * authenticator code (its step spent) or an unused recovery code (spent). Wrong codes count
     * against the account like those of a pending sign-in.
     */
    async verifyLoginCode(staffId: string, code: string) {
      const key = [`2fa:${staffId}`];
      const row = await repo.find(staffId);
      if (!row?.confirmed_at || (await deps.accountThrottle.isBlocked(key))) return false;
      const ok = isTotpCode(code)
        ? await spendTotp(staffId, row.secret_encrypted, code)
        : await repo.useRecoveryCode(staffId, normalisedHash(code), new Date(deps.now()));
      if (ok) await deps.accountThrottle.reset(key[0]!);
      else await deps.accountThrottle.recordFailure(key);
      return ok;
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
    },

    /**
     * An administrator resets another staff member's second factor (decision 0021): the account is
     * found by e-mail and kind; the administrator's own accounts are refused (they have recovery
     * codes); an administrator with an authenticator confirms with a current code of it. Removes
     * the secret, the recovery codes, the passkeys and any sign-in waiting for its code; returns the account
     * (the caller ends its sessions, records and mails it).
     */
    async resetOther(
      actor: { staffId: string; correo: string },
      target: { correo: string; role: StaffRole },
      code: string | undefined,
    ) {
      const account = await repo.findStaff(target.correo, target.role);
      if (!account) throw new AppError(400, messages.staffAccountNotFound, { correo: messages.staffAccountNotFound });
      // Same person: the same account, or another kind of account of the same e-mail.
      if (account.id === actor.staffId || account.correo === actor.correo.toLowerCase())
        throw new AppError(403, messages.staffTwoFactorResetSelf);
      // A second factor is TOTP or a passkey (decision 0026): either may be on the lost phone.
      if (!(await repo.isEnabled(account.id)) && !(await repo.hasPasskeys(account.id)))
        throw badRequest(messages.twoFactorNotEnabled);
      if (await repo.isEnabled(actor.staffId)) {
        if (!code)
          throw new AppError(400, messages.staffTwoFactorResetCodeRequired, {
            codigo: messages.staffTwoFactorResetCodeRequired,
          });
        await requireCurrentCode(actor.staffId, code);
      }
      await repo.removeAll(account.id);
      // Its sessions end on every instance (they may be a thief's, opened with the lost phone).
      await deps.endSessions({ role: target.role, accountId: account.id });
      await deps.notify.twoFactorReset({ staffId: account.id }, { role: target.role });
      return account;
    },

    /** Deletes sign-ins whose 5 minutes are over; run on a timer. */
    sweep: () => repo.deleteExpiredChallenges(new Date(deps.now())),
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;
