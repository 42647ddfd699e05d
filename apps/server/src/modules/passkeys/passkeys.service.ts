import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_MS, PASSKEY_MAX_PER_ACCOUNT, messages, type StaffState } from '@clinica/shared';
import { AppError, badRequest } from '../../infra/http/errors.js';
import type { PasskeysRepository } from './passkeys.repository.js';
import { newToken, sha256 } from '../../infra/token.js';

export type StaffRole = 'admin' | 'doctor';
/** The relying party of a ceremony: PUBLIC_ORIGIN's host and origin (in development, the local origin). */
export interface RelyingParty {
  rpID: string;
  origin: string;
}
export interface StaffAccount {
  accountId: string;
  correo: string;
  nombre: string;
  apellido: string;
}

/** The WebAuthn user handle of an account: its id's bytes (no e-mail or name in it). */
const userHandleOf = (staffId: string) => Buffer.from(staffId, 'utf8');

/** A passkey sign-in refused; says whose key it was when known, for the audit trail. */
export class PasskeyRefused extends AppError {
  constructor(
    readonly why: string,
    readonly account?: { id: string; role: StaffRole; correo: string },
  ) {
    super(401, messages.passkeyLoginFailed);
  }
}

/**
 * Whether a staff account may sign in at all: only an approved, active one (decision 0025). The one
 * place that decides it for passkeys; a deactivated person's key opens nothing (decision 0026).
 */
export function staffMaySignIn(account: { estado: StaffState }): boolean {
  return account.estado === 'activo';
}

/**
 * Passkeys of administrators and doctors (decision 0026): registration from the security page,
 * sign-in without password or code (user verification required: the key is both factors), the
 * list and removal. Challenges live server-side, once, for 5 minutes, under a cookie's hash.
 */
export function passkeysService(deps: { repo: PasskeysRepository; rpName: string; now: () => number }) {
  const { repo } = deps;

  async function newChallenge(purpose: 'register' | 'login', role: StaffRole, staffId: string | null, challenge: string) {
    const token = newToken();
    await repo.insertChallenge({
      id_hash: sha256(token, 'hex'),
      purpose,
      role,
      staff_id: staffId,
      challenge,
      expires_at: new Date(deps.now() + PASSKEY_CHALLENGE_MS),
    });
    return token;
  }

  /** A ceremony's challenge, taken (single-use); undefined when unknown, used, expired or not this one's. */
  const take = (token: string | undefined, purpose: 'register' | 'login', role: StaffRole) =>
    !token || token.length > 100 ? undefined : repo.takeChallenge(sha256(token, 'hex'), purpose, role, new Date(deps.now()));

  return {
    /** The account's passkeys (the route maps them). */
    list: (staffId: string) => repo.list(staffId),

    /** Registration, step 1: the options for navigator.credentials.create() and the cookie's token. */
    async registrationOptions(role: StaffRole, account: StaffAccount, rp: RelyingParty) {
      const existing = await repo.list(account.accountId);
      if (existing.length >= PASSKEY_MAX_PER_ACCOUNT) throw badRequest(messages.passkeyLimit);
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID: rp.rpID,
        userName: account.correo,
        userID: userHandleOf(account.accountId),
        userDisplayName: `${account.nombre} ${account.apellido} (${role === 'admin' ? 'Administración' : 'Médico'})`,
        attestationType: 'none',
        // A key already on this account is not registered twice.
        excludeCredentials: existing.map((p) => ({
          id: p.credential_id,
          transports: p.transports ? (p.transports.split(',') as AuthenticatorTransport[]) : undefined,
        })),
        // A discoverable credential (sign-in without typing the e-mail) that verifies the person
        // (PIN, fingerprint, face): only then is it both factors.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const token = await newChallenge('register', role, account.accountId, options.challenge);
      return { token, options };
    },

    /** Registration, step 2: checks the attestation against this browser's challenge and stores the key. */
    async register(
      role: StaffRole,
      account: StaffAccount,
      token: string | undefined,
      input: { nombre: string; respuesta: RegistrationResponseJSON },
      rp: RelyingParty,
    ) {
      const challenge = await take(token, 'register', role);
      // A challenge handed to another account (or another role) is no challenge for this one.
      if (!challenge || challenge.staff_id !== account.accountId) throw badRequest(messages.passkeyChallengeExpired);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: input.respuesta,
          expectedChallenge: challenge.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: true,
        });
      } catch {
        throw badRequest(messages.passkeyRegistrationFailed);
      }
      if (!verified.verified) throw badRequest(messages.passkeyRegistrationFailed);
      const { credential, credentialBackedUp } = verified.registrationInfo;
      // The answer's id must be the credential its attestation holds (the library reads the latter).
      if (credential.id !== input.respuesta.id) throw badRequest(messages.passkeyRegistrationFailed);
      if ((await repo.countFor(account.accountId)) >= PASSKEY_MAX_PER_ACCOUNT) throw badRequest(messages.passkeyLimit);
      const id = await repo.insert({
        staff_id: account.accountId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        nombre: input.nombre,
        backed_up: credentialBackedUp,
        created_at: new Date(deps.now()),
      });
      if (!id) throw badRequest(messages.passkeyAlreadyRegistered);
      return { id, nombre: input.nombre };
    },

    /** Sign-in, step 1: options for navigator.credentials.get() (any key of the site: discoverable). */
    async loginOptions(role: StaffRole, rp: RelyingParty) {
      const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required' });
      const token = await newChallenge('login', role, null, options.challenge);
      return { token, options };
    },

    /**
     * Sign-in, step 2: the assertion of a key of an account of this role, signed over this
     * browser's challenge, with the person verified and the counter grown. Returns the account
     * and the key; throws PasskeyRefused (401) otherwise.
     */
    async login(role: StaffRole, token: string | undefined, response: AuthenticationResponseJSON, rp: RelyingParty) {
      const challenge = await take(token, 'login', role);
      if (!challenge) throw new AppError(401, messages.passkeyChallengeExpired);
      const found = await repo.findByCredential(response.id);
      if (!found) throw new PasskeyRefused('llave desconocida');
      const { passkey } = found;
      const account = { id: found.staff.id, role: found.staff.role, correo: found.staff.correo };
      // A doctor's key on the administrators' page (or the other way round) signs nobody in.
      if (account.role !== role) throw new PasskeyRefused('llave de otro tipo de cuenta', account);
      // The authenticator says whose key it is: it must be the account the key was registered to.
      if (response.response.userHandle !== undefined && response.response.userHandle !== userHandleOf(account.id).toString('base64url')) {
        throw new PasskeyRefused('usuario de la llave distinto', account);
      }
      let result;
      try {
        result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: true,
          credential: {
            id: passkey.credential_id,
            publicKey: Buffer.from(passkey.public_key, 'base64url'),
            counter: passkey.counter,
          },
        });
      } catch (err) {
        const why = err instanceof Error && /counter/i.test(err.message) ? 'contador no válido (posible copia de la llave)' : 'firma u origen no válidos';
        throw new PasskeyRefused(why, account);
      }
      if (!result.verified) throw new PasskeyRefused('firma no válida', account);
      if (!staffMaySignIn(found.staff)) throw new PasskeyRefused('cuenta no activa', account);
      // Two requests carrying one assertion: the counter moves once, so only one signs in.
      if (!(await repo.useCounter(passkey.id, passkey.counter, result.authenticationInfo.newCounter, new Date(deps.now())))) {
        throw new PasskeyRefused('contador ya usado', account);
      }
      return { account, passkey: { id: passkey.id, nombre: passkey.nombre } };
    },

    /** Remembers that a session was opened with a key (both factors; see the two-factor gate). */
    markSession: (sessionIdHash: string, passkeyId: string) => repo.markSession(sessionIdHash, passkeyId),
    isPasskeySession: (sessionIdHash: string) => repo.isPasskeySession(sessionIdHash),

    /** Removes one key of the account; returns its name and the sessions it opened (to end them). */
    async remove(staffId: string, id: string) {
      const removed = await repo.remove(staffId, id);
      if (!removed) throw new AppError(404, messages.passkeyNotFound);
      return removed;
    },

    removeAll: (staffId: string) => repo.removeAll(staffId),

    sweep: () => repo.deleteExpiredChallenges(new Date(deps.now())),
  };
}
export type PasskeysService = ReturnType<typeof passkeysService>;
