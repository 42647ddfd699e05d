import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  messages,
  type AdminRegistration,
  type DoctorRegistration,
  type LoginInput,
  type PatientRegistration,
  type Role,
  type StaffState,
  type StaffLoginCredentials,
} from '@clinica/shared';
import { AppError, badRequest, tooManyRequests } from '../../infra/http/errors.js';
import { assertStrongPassword } from '../../infra/http/password-rule.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../infra/storage.js';
import type { Notifier } from '../mail/index.js';
import type { SessionAccount, SessionStore } from './sessions.plugin.js';
import type { AccountsRepository } from './accounts.repository.js';
import type { BackoffThrottle, SharedThrottle } from './login-throttle.js';
import { sha256 } from '../../infra/token.js';
import { cleanFileName } from '../../infra/http/file-name.js';

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}
/** A sign-in attempt's client: its address, and this browser's device-cookie nonce for the login tried. */
export interface LoginClient extends ClientMeta {
  device: string | null;
}

/** Constant-time comparison of a typed security key with the configured one. */
const keyMatches = (given: string, expectedHash: Buffer) => crypto.timingSafeEqual(sha256(given, 'buffer'), expectedHash);

/** A staff account signs in only when an administrator approved it and it is not deactivated. */
function assertActive(estado: StaffState | undefined) {
  if (estado === 'pendiente') throw new AppError(403, messages.staffPendingApproval);
  if (estado === 'desactivado') throw new AppError(403, messages.staffAccountDeactivated);
}

/** The most accounts one e-mail can match on a route: a patient, an administrator and a doctor. */
const LOGIN_ALL_CANDIDATES = 3;

/** Accounts, registration and sign-in for the three kinds of account. */
export function authService(deps: {
  accounts: AccountsRepository;
  sessions: SessionStore;
  storage: Storage;
  /** Wrong passwords per login from browsers that never signed in to it (growing delays). */
  accountThrottle: BackoffThrottle;
  /** Wrong passwords per device cookie: the owner's browser, counted apart from strangers. */
  deviceThrottle: BackoffThrottle;
  /** Wrong passwords per client address (failures only; a known browser is counted apart). */
  ipThrottle: SharedThrottle;
  /** Wrong registration keys per client address (shared by the instances through Redis). */
  registrationKeyThrottle: SharedThrottle;
  /** Failures that lock an account for unknown browsers (LOGIN_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** The owner of an account locked for unknown browsers is e-mailed (issue 18). */
  notify: Pick<Notifier, 'loginUnderAttack'>;
  log: FastifyBaseLogger;
  registrationKeys: { admin: string; doctor: string };
  now: () => number;
  /** Two-factor sign-in of staff: an enrolled account gets a sign-in waiting for its code, not a session. */
  secondFactor: {
    isEnabled(staffId: string): Promise<boolean>;
    startChallenge(role: 'admin' | 'doctor', staffId: string, client: ClientMeta): Promise<string>;
    verifyLoginCode(staffId: string, code: string): Promise<boolean>;
  };
}) {
  const { accounts, sessions, storage } = deps;
  /**
   * What other modules do once a patient's account exists (e-mail verification sends its first
   * link): registered at start-up by their plugins, so auth never imports them (no module cycle).
   */
  const patientRegisteredListeners: ((patientId: string) => Promise<void>)[] = [];

  /** The owner of a login that just locked is e-mailed (nothing is sent for an unknown e-mail). */
  async function tellOwnerOfAttack(email: string) {
    try {
      const [patient] = await accounts.findPatientsByEmail(email);
      const [staff] = await accounts.findStaffByEmail(email);
      const owner = patient ?? staff;
      if (!owner) return;
      await deps.notify.loginUnderAttack(
        { correo: email, nombre: owner.nombre },
        { email, maxAttempts: deps.maxAttempts, staff: !patient },
      );
    } catch (err) {
      deps.log.error({ err }, 'sign-in attack e-mail not queued');
    }
  }
  // Only hashes of the staff keys are held after start-up.
  const keyHashes = { admin: sha256(deps.registrationKeys.admin, 'buffer'), doctor: sha256(deps.registrationKeys.doctor, 'buffer') };
  // Verified against in place of accounts that do not exist, so every answer costs the same.
  const dummyHash = hash(crypto.randomBytes(16).toString('hex'));

  /**
   * Checks a password against every candidate, and against the dummy hash as many times as the
   * route could have had candidates: an unknown e-mail, a wrong password and login-all's three
   * accounts all cost the same number of argon2 verifications.
   */
  async function verifyAll(candidates: { password_hash: string }[], password: string, padTo: number) {
    const matched: number[] = [];
    for (const [i, c] of candidates.entries()) {
      if (await verify(c.password_hash, password)) matched.push(i);
    }
    for (let i = candidates.length; i < padTo; i++) await verify(await dummyHash, password);
    return matched;
  }

  /**
   * Throttles, then checks a password; the same answer for an unknown e-mail and a wrong
   * password. A browser with a device cookie for this login is counted on its own (strangers'
   * failures never lock it out) and is not held by its address's limit. An unknown browser is
   * held by the account's and the address's limits; while they hold, only `secondFactor: true`
   * (a staff route whose request carries a code) gets its password checked, and the caller
   * must then accept a valid code or refuse with the same 429.
   */
  async function checkPassword(
    email: string,
    password: string,
    client: LoginClient,
    candidates: { password_hash: string }[],
    opts: { padTo: number; secondFactor: boolean },
  ): Promise<{ matched: number[]; locked: boolean }> {
    const device = client.device;
    const accountKey = device ? `d:${device}` : `e:${email}`;
    const limit = device ? deps.deviceThrottle : deps.accountThrottle;
    const ipKeys = [`i:${client.ip}`];
    const locked = (await limit.isBlocked(accountKey)) || (!device && (await deps.ipThrottle.isBlocked(ipKeys)));
    if (locked && !opts.secondFactor) throw tooManyRequests();
    const matched = await verifyAll(candidates, password, opts.padTo);
    if (locked) return { matched, locked };
    if (matched.length === 0) {
      const [failures] = await Promise.all([
        limit.recordFailure(accountKey),
        device ? undefined : deps.ipThrottle.recordFailure(ipKeys),
      ]);
      // The owner hears of it once, when the account locks (not at every failure); unknown
      // e-mails are checked by the listener, after the answer, so the timing says nothing.
      if (!device && failures === deps.maxAttempts) void tellOwnerOfAttack(email);
      throw new AppError(401, messages.invalidCredentials);
    }
    await limit.reset(accountKey);
    return { matched, locked };
  }

  /** A refusal while locked: counted like any failure, answered exactly like the lock. */
  async function refuseLocked(email: string, client: LoginClient): Promise<never> {
    await Promise.all([
      client.device ? deps.deviceThrottle.recordFailure(`d:${client.device}`) : deps.accountThrottle.recordFailure(`e:${email}`),
      client.device ? undefined : deps.ipThrottle.recordFailure([`i:${client.ip}`]),
    ]);
    throw tooManyRequests();
  }

  /** Whether a code proves this staff account's second factor (only for enrolled accounts). */
  const codeProves = async (staffId: string, code: string | undefined) =>
    code !== undefined && (await deps.secondFactor.isEnabled(staffId)) && (await deps.secondFactor.verifyLoginCode(staffId, code));

  return {
    /**
     * Registers a patient with their ID-card image (stored encrypted). The account starts
     * unverified; only a verified account of the same e-mail makes it 'taken' (decision 0023).
     */
    async registerPatient(input: PatientRegistration, idImage: { bytes: Buffer; mime: string; filename: string }) {
      // A taken e-mail is refused before the file touches the disk; the insert checks again.
      if (await accounts.findVerifiedPatientByEmail(input.correo)) {
        throw badRequest(messages.emailTaken, { correo: messages.emailTaken });
      }
      assertStrongPassword(input.password, input);
      const fileId = crypto.randomUUID();
      await storage.put(fileId, idImage.bytes, { encrypt: true });
      const { password, password_confirm: _confirm, ...profile } = input;
      const row = await accounts
        .insertPatient(
          { ...profile, password_hash: await hash(password), acuerdo: true, acuerdo_at: new Date(deps.now()) },
          {
            id: fileId,
            kind: 'id_card',
            mime: idImage.mime,
            size: idImage.bytes.length,
            sha256: sha256(idImage.bytes, 'hex'),
            nombre: cleanFileName(idImage.filename, 'cedula'),
            encrypted: true,
          },
        )
        .catch(async (err: unknown) => {
          await storage.delete(fileId);
          throw err;
        });
      if (!row) {
        await storage.delete(fileId);
        throw badRequest(messages.emailTaken, { correo: messages.emailTaken });
      }
      // The account exists whatever a listener does: a failure is logged, not answered (the
      // verification banner offers to send the link again).
      for (const listener of patientRegisteredListeners) {
        await listener(row.id).catch((err: unknown) => deps.log.error({ err }, 'patient-registered listener failed'));
      }
      return row;
    },

    /** Another module's step after each patient registration (called once, at start-up, by its plugin). */
    onPatientRegistered(listener: (patientId: string) => Promise<void>) {
      patientRegisteredListeners.push(listener);
    },

    /** Signs a patient in and returns the new session's cookie token. */
    async loginPatient(input: LoginInput, client: LoginClient) {
      // Several unverified registrations of one address each open with their own password; the
      // newest whose password matches is the one signed in (decision 0023).
      const found = await accounts.findPatientsByEmail(input.email);
      const { matched } = await checkPassword(input.email, input.password, client, found, { padTo: 1, secondFactor: false });
      return sessions.create('patient', found[matched[0]!]!.id, client);
    },

    /**
     * Registers an administrator or a doctor with the role's security key. The account is
     * pending until an administrator approves it (issue 18): the shared key alone never opens the
     * staff area nor offers a doctor to patients. Wrong keys are counted per client address; once
     * blocked, even the right key waits for the window to end (a guesser learns nothing).
     */
    async registerStaff(role: 'admin' | 'doctor', input: AdminRegistration | DoctorRegistration, client: ClientMeta) {
      const ipKeys = [`k:${client.ip}`];
      if (await deps.registrationKeyThrottle.isBlocked(ipKeys)) {
        throw tooManyRequests();
      }
      if (!keyMatches(input.clave_seguridad, keyHashes[role])) {
        await deps.registrationKeyThrottle.recordFailure(ipKeys);
        throw new AppError(403, messages.invalidSecurityKey, { clave_seguridad: messages.invalidSecurityKey });
      }
      assertStrongPassword(input.password, input);
      const row = await accounts.insertStaff({
        estado: 'pendiente',
        role,
        nombre: input.nombre,
        apellido: input.apellido,
        correo: input.correo,
        password_hash: await hash(input.password),
        servicio: role === 'doctor' && 'servicio' in input ? input.servicio : null,
      });
      if (!row) throw badRequest(messages.emailTaken, { correo: messages.emailTaken });
      return row;
    },

    /**
     * Signs an administrator or a doctor in: the new session's cookie token, or, when the account
     * has two-factor sign-in, the token of a sign-in waiting for its code (`challenge`). A code
     * sent with the password completes the sign-in at once; while the account is locked for
     * unknown browsers it is the only way in (a valid code, else the lock's own 429).
     */
    async loginStaff(
      role: 'admin' | 'doctor',
      input: StaffLoginCredentials,
      client: LoginClient,
    ): Promise<{ staffId: string; token?: string; challenge?: string }> {
      const found = (await accounts.findStaffByEmail(input.email)).filter((s) => s.role === role);
      const { matched, locked } = await checkPassword(input.email, input.password, client, found, {
        padTo: 1,
        secondFactor: input.codigo !== undefined,
      });
      const staff = matched.length > 0 ? found[matched[0]!] : undefined;
      if (locked) {
        if (!staff || !(await codeProves(staff.id, input.codigo))) return refuseLocked(input.email, client);
        // Said only to whoever proved both factors, so it reveals nothing to a stranger.
        assertActive(staff.estado);
        return { staffId: staff.id, token: await sessions.create(role, staff.id, client) };
      }
      const staffId = staff!.id;
      // Said only to whoever knows the password, so it reveals nothing to a stranger.
      assertActive(staff!.estado);
      if (await deps.secondFactor.isEnabled(staffId)) {
        if (input.codigo !== undefined) {
          if (!(await deps.secondFactor.verifyLoginCode(staffId, input.codigo))) {
            throw new AppError(401, messages.twoFactorCodeInvalid, { codigo: messages.twoFactorCodeInvalid });
          }
          return { staffId, token: await sessions.create(role, staffId, client) };
        }
        return { staffId, challenge: await deps.secondFactor.startChallenge(role, staffId, client) };
      }
      return { staffId, token: await sessions.create(role, staffId, client) };
    },

    /**
     * 'Iniciar sesión en todas las cuentas': signs the browser in to every account, of any kind,
     * whose e-mail and password match (docs/spec/decisions.md). Returns a token per role signed in.
     */
    async loginAll(input: StaffLoginCredentials, client: LoginClient) {
      const patientRows = await accounts.findPatientsByEmail(input.email);
      const staffRows = await accounts.findStaffByEmail(input.email);
      const candidates: { role: Role; id: string; password_hash: string; estado?: StaffState }[] = [
        ...patientRows.map((p) => ({ role: 'patient' as const, ...p })),
        ...staffRows,
      ];
      const { matched: all, locked } = await checkPassword(input.email, input.password, client, candidates, {
        padTo: LOGIN_ALL_CANDIDATES,
        secondFactor: input.codigo !== undefined,
      });
      // One patient account at most: of several unverified registrations whose password matches,
      // the newest (candidates are newest first). Pending and deactivated staff accounts are left
      // out; if nothing else matched, say why (only to whoever knows the password, and not while
      // the account is locked).
      const firstPatient = all.find((i) => candidates[i]!.role === 'patient');
      const matched = all.filter((i) => {
        const c = candidates[i]!;
        return c.role === 'patient' ? i === firstPatient : (c.estado ?? 'activo') === 'activo';
      });
      if (matched.length === 0 && all.length > 0 && !locked) assertActive(candidates[all[0]!]!.estado);
      const tokens: Partial<Record<Role, string>> = {};
      const staffIn: { role: 'admin' | 'doctor'; staffId: string }[] = [];
      const byRole = matched.map((i) => candidates[i]!).sort((a, b) => (a.role === 'admin' ? -1 : b.role === 'admin' ? 1 : 0));
      // The staff account the second factor is for: the administrator's, else the doctor's.
      let withCode: { role: 'admin' | 'doctor'; id: string } | undefined;
      for (const c of byRole) {
        if (c.role !== 'patient' && (await deps.secondFactor.isEnabled(c.id))) {
          withCode = { role: c.role, id: c.id };
          break;
        }
      }
      if (locked) {
        // Locked: only the account the code proves is signed in.
        if (!withCode || !(await codeProves(withCode.id, input.codigo))) return refuseLocked(input.email, client);
        tokens[withCode.role] = await sessions.create(withCode.role, withCode.id, client);
        return { tokens, staffIn: [{ role: withCode.role, staffId: withCode.id }], challenge: undefined };
      }
      if (withCode && input.codigo !== undefined && !(await deps.secondFactor.verifyLoginCode(withCode.id, input.codigo))) {
        throw new AppError(401, messages.twoFactorCodeInvalid, { codigo: messages.twoFactorCodeInvalid });
      }
      const proven = withCode && input.codigo !== undefined ? withCode.id : undefined;
      // A staff account with two-factor sign-in is not signed in by the password alone: the
      // administrator's (else the doctor's) gets a sign-in waiting for its code (docs/decisions).
      let challenge: { role: 'admin' | 'doctor'; staffId: string; token: string } | undefined;
      for (const c of byRole) {
        if (c.role !== 'patient' && c.id !== proven && (await deps.secondFactor.isEnabled(c.id))) {
          // One code per request: with the first account proven, the other waits for its own sign-in.
          if (!proven) challenge ??= { role: c.role, staffId: c.id, token: await deps.secondFactor.startChallenge(c.role, c.id, client) };
          continue;
        }
        tokens[c.role] = await sessions.create(c.role, c.id, client);
        if (c.role !== 'patient') staffIn.push({ role: c.role, staffId: c.id });
      }
      return { tokens, staffIn, challenge };
    },

    /** Ends one session. */
    logout: (account: SessionAccount) => sessions.revoke(account.idHash),

    /** 'Logout All': ends every session of these accounts, on every device. */
    logoutAll: (signedIn: SessionAccount[]) =>
      sessions.revokeAccounts(signedIn.map((a) => ({ role: a.role, accountId: a.accountId }))),
  };
}
export type AuthService = ReturnType<typeof authService>;
