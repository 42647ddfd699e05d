import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  messages,
  type AdminRegistration,
  type DoctorRegistration,
  type LoginInput,
  type PatientRegistration,
  type Role,
} from '@clinica/shared';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.js';
import { assertStrongPassword } from '../../lib/password-rule.js';
import type { Storage } from '../../plugins/storage.js';
import type { SessionAccount, SessionStore } from '../../plugins/sessions.js';
import type { AccountsRepository } from './accounts.repository.js';
import type { SharedThrottle } from './login-throttle.js';

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

const sha256 = (s: string | Buffer) => crypto.createHash('sha256').update(s).digest();

/** Constant-time comparison of a typed security key with the configured one. */
const keyMatches = (given: string, expectedHash: Buffer) => crypto.timingSafeEqual(sha256(given), expectedHash);

/** Accounts, registration and sign-in for the three kinds of account. */
export function authService(deps: {
  accounts: AccountsRepository;
  sessions: SessionStore;
  storage: Storage;
  emailThrottle: SharedThrottle;
  ipThrottle: SharedThrottle;
  registrationKeys: { admin: string; doctor: string };
  now: () => number;
  /** Two-factor sign-in of staff: an enrolled account gets a sign-in waiting for its code, not a session. */
  secondFactor: {
    isEnabled(staffId: string): Promise<boolean>;
    startChallenge(role: 'admin' | 'doctor', staffId: string, client: ClientMeta): Promise<string>;
  };
}) {
  const { accounts, sessions, storage } = deps;
  // Only hashes of the staff keys are held after start-up.
  const keyHashes = { admin: sha256(deps.registrationKeys.admin), doctor: sha256(deps.registrationKeys.doctor) };
  // Verified against when the e-mail is unknown, so both answers take the same time.
  const dummyHash = hash(crypto.randomBytes(16).toString('hex'));

  /** Throttles, then checks a password; the same answer for an unknown e-mail and a wrong password. */
  async function checkPassword(
    email: string,
    password: string,
    client: ClientMeta,
    candidates: { password_hash: string }[],
  ) {
    const keys = [`e:${email}`];
    const ipKeys = [`i:${client.ip}`];
    if ((await deps.emailThrottle.isBlocked(keys)) || (await deps.ipThrottle.isBlocked(ipKeys))) throw tooManyRequests();
    const matched: number[] = [];
    if (candidates.length === 0) await verify(await dummyHash, password);
    for (const [i, c] of candidates.entries()) {
      if (await verify(c.password_hash, password)) matched.push(i);
    }
    if (matched.length === 0) {
      await Promise.all([deps.emailThrottle.recordFailure(keys), deps.ipThrottle.recordFailure(ipKeys)]);
      throw new AppError(401, messages.invalidCredentials);
    }
    await deps.emailThrottle.reset(keys[0]!);
    return matched;
  }

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
            sha256: sha256(idImage.bytes).toString('hex'),
            nombre: idImage.filename.slice(0, 200),
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
      return row;
    },

    /** Signs a patient in and returns the new session's cookie token. */
    async loginPatient(input: LoginInput, client: ClientMeta) {
      // Several unverified registrations of one address each open with their own password; the
      // newest whose password matches is the one signed in (decision 0023).
      const found = await accounts.findPatientsByEmail(input.email);
      const [i] = await checkPassword(input.email, input.password, client, found);
      return sessions.create('patient', found[i!]!.id, client);
    },

    /** Registers an administrator or a doctor; the role's security key is required. */
    async registerStaff(role: 'admin' | 'doctor', input: AdminRegistration | DoctorRegistration) {
      if (!keyMatches(input.clave_seguridad, keyHashes[role])) {
        throw new AppError(403, messages.invalidSecurityKey, { clave_seguridad: messages.invalidSecurityKey });
      }
      assertStrongPassword(input.password, input);
      const row = await accounts.insertStaff({
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
     * has two-factor sign-in, the token of a sign-in waiting for its code (`challenge`).
     */
    async loginStaff(
      role: 'admin' | 'doctor',
      input: LoginInput,
      client: ClientMeta,
    ): Promise<{ staffId: string; token?: string; challenge?: string }> {
      const found = (await accounts.findStaffByEmail(input.email)).filter((s) => s.role === role);
      const [i] = await checkPassword(input.email, input.password, client, found);
      const staffId = found[i!]!.id;
      if (await deps.secondFactor.isEnabled(staffId)) {
        return { staffId, challenge: await deps.secondFactor.startChallenge(role, staffId, client) };
      }
      return { staffId, token: await sessions.create(role, staffId, client) };
    },

    /**
     * 'Iniciar sesión en todas las cuentas': signs the browser in to every account, of any kind,
     * whose e-mail and password match (decisions.md). Returns a token per role signed in.
     */
    async loginAll(input: LoginInput, client: ClientMeta) {
      const patientRows = await accounts.findPatientsByEmail(input.email);
      const staffRows = await accounts.findStaffByEmail(input.email);
      const candidates: { role: Role; id: string; password_hash: string }[] = [
        ...patientRows.map((p) => ({ role: 'patient' as const, ...p })),
        ...staffRows,
      ];
      // One patient account at most: of several unverified registrations whose password matches,
      // the newest (candidates are newest first).
      const all = await checkPassword(input.email, input.password, client, candidates);
      const firstPatient = all.find((i) => candidates[i]!.role === 'patient');
      const matched = all.filter((i) => candidates[i]!.role !== 'patient' || i === firstPatient);
      const tokens: Partial<Record<Role, string>> = {};
      const staffIn: { role: 'admin' | 'doctor'; staffId: string }[] = [];
      // A staff account with two-factor sign-in is not signed in by the password alone: the
      // administrator's (else the doctor's) gets a sign-in waiting for its code (docs/decisions).
      let challenge: { role: 'admin' | 'doctor'; staffId: string; token: string } | undefined;
      const byRole = matched.map((i) => candidates[i]!).sort((a, b) => (a.role === 'admin' ? -1 : b.role === 'admin' ? 1 : 0));
      for (const c of byRole) {
        if (c.role !== 'patient' && (await deps.secondFactor.isEnabled(c.id))) {
          challenge ??= { role: c.role, staffId: c.id, token: await deps.secondFactor.startChallenge(c.role, c.id, client) };
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
