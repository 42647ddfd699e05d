import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  CORRECTABLE_FIELDS,
  messages,
  patientProfileSchema,
  type ClosingRequestInput,
  type CorrectionChanges,
  type MyDataRequests,
} from '@clinica/shared';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
import { summariseIssues } from '../../infra/http/validation.js';
import { decodeCursor, toPage } from '../../infra/http/keyset.js';
import type { DataRequestsRepository, PatientRow, ProfileUpdate } from './data-requests.repository.js';
import { newToken } from '../../infra/token.js';
import type { Notifier } from '../mail/index.js';

type Values = Record<string, string | number>;

/** Postgres' unique violation, as pg and PGlite report it (here: a second pending request of a kind). */
const isUniqueViolation = (e: unknown) => (e as { code?: unknown })?.code === '23505' || (e as { cause?: { code?: unknown } })?.cause?.code === '23505';

const alreadyOpen = () => new AppError(409, messages.dataRequestAlreadyOpen);

/** The correctable values of a patient's row, as registration took them. */
export const currentValues = (p: PatientRow): MyDataRequests['actuales'] => ({
  nombre: p.nombre,
  apellido: p.apellido,
  cedula: p.cedula,
  edad: p.edad,
  genero: p.genero,
  nacionalidad: p.nacionalidad,
  direccion: p.direccion,
  country_code: p.country_code,
  celular: p.celular,
});

/**
 * The merged profile checked by the registration schema: a correction is accepted only when the
 * whole profile it produces is one registration would accept (a new phone number of the old
 * country's length, say). Errors are keyed `cambios.<field>`, as the request's own fields are.
 */
function checkMerged(current: Values, cambios: Values) {
  const result = patientProfileSchema.safeParse({ ...current, ...cambios });
  if (result.success) return result.data;
  const { message, errors } = summariseIssues(result.error.issues.map((i) => ({ path: `cambios.${i.path.map(String).join('.')}`, message: i.message })));
  throw badRequest(message, errors);
}

/** Only the fields whose value differs from the current one (the age compared as a number). */
function changedOnly(current: Values, cambios: CorrectionChanges): Values {
  const out: Values = {};
  for (const field of CORRECTABLE_FIELDS) {
    const v = cambios[field];
    if (v !== undefined && v !== current[field]) out[field] = v;
  }
  return out;
}

/** The reference a closed account keeps, which the person quotes to ask for their records. */
export const closedReference = (patientId: string) => `C-${patientId.replaceAll('-', '').slice(0, 10).toUpperCase()}`;

export interface Effects {
  /** Ends every session of the patient on every instance (their chat sockets too). */
  endSessions(patientId: string): Promise<void>;
  /** Deletes a stored file's bytes (the ID-card image), after the transaction that dropped its row. */
  deleteFile(fileId: string): Promise<void>;
}

/** The rules of the Ley 81 correction and closing requests (docs/decisions/0028). */
export function dataRequestsService(deps: {
  repo: DataRequestsRepository;
  now: () => number;
  effects: Effects;
  notify: Pick<Notifier, 'accountClosed' | 'dataRequestAnswered'>;
}) {
  const { repo } = deps;

  async function openPatient(patientId: string) {
    const p = await repo.patient(patientId);
    // A closed account has no sessions; should one still arrive, it is nobody's profile.
    if (!p || p.cerrada_at) throw notFound();
    return p;
  }

  async function insert(row: Parameters<DataRequestsRepository['insert']>[0]) {
    try {
      return await repo.insert(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw alreadyOpen();
      throw e;
    }
  }

  /** Accepts or refuses a pending request; a closing accepted closes the account (decision 0028). */
async function settle(id: string, staffId: string, input: { decision: 'aceptar' | 'rechazar'; respuesta?: string | undefined }) {
    const found = await repo.find(id);
    if (!found) throw notFound();
    if (found.estado !== 'pendiente') throw new AppError(409, messages.dataRequestNotPending);
    const at = new Date(deps.now());
    const respuesta = input.respuesta?.trim() || null;
    const patient = await repo.patient(found.patient_id);
    if (!patient) throw notFound();

    if (input.decision === 'rechazar') {
      const done = await repo.resolve(id, { estado: 'rechazada', respuesta, staffId, at }, async () => undefined);
      if (!done) throw new AppError(409, messages.dataRequestNotPending);
      return { request: done.request, patient, closed: null };
    }

    if (found.tipo === 'correccion') {
      const merged = checkMerged(currentValues(patient), found.cambios ?? {});
      const update: ProfileUpdate = {};
      for (const field of Object.keys(found.cambios ?? {}) as (keyof ProfileUpdate)[]) {
        (update as Record<string, unknown>)[field] = merged[field];
      }
      const done = await repo.resolve(id, { estado: 'aceptada', respuesta, staffId, at }, (tx) => repo.updateProfile(tx, patient.id, update));
      if (!done) throw new AppError(409, messages.dataRequestNotPending);
      return { request: done.request, patient, closed: null };
    }

    // Closing. The address that gets the news is taken now, before it is replaced.
    const referencia = closedReference(patient.id);
    const passwordHash = await hash(newToken());
    const correo = `cerrada-${crypto.randomBytes(12).toString('hex')}@cuenta-cerrada.invalid`;
    const done = await repo.resolve(id, { estado: 'aceptada', respuesta, staffId, at }, async (tx) => {
      if ((await repo.closingBlockers(patient.id, at, tx)) > 0) throw new AppError(409, messages.closingBlockedAdmin);
      return repo.closeAccount(tx, patient.id, { correo, passwordHash, nombre: messages.accountClosedName, apellido: referencia, at, staffId });
    });
    if (!done) throw new AppError(409, messages.dataRequestNotPending);
    await deps.effects.endSessions(patient.id);
    if (patient.image_cedula_file_id) await deps.effects.deleteFile(patient.image_cedula_file_id).catch(() => undefined);
    return { request: done.request, patient, closed: { referencia } };
  }

  return {
    /** The patient's requests, the values a correction starts from, and whether closing can be asked now. */
    async mine(patientId: string) {
      const patient = await openPatient(patientId);
      const [requests, blockers] = await Promise.all([repo.ofPatient(patientId), repo.closingBlockers(patientId, new Date(deps.now()))]);
      return { patient, requests, closingBlocked: blockers > 0 };
    },

    async requestCorrection(patientId: string, input: { cambios: CorrectionChanges; motivo: string }) {
      const p = await openPatient(patientId);
      const current = currentValues(p);
      const cambios = changedOnly(current, input.cambios);
      if (Object.keys(cambios).length === 0) throw badRequest(messages.correctionNothingChanged);
      checkMerged(current, cambios);
      if (await repo.hasPending(patientId, 'correccion')) throw alreadyOpen();
      return insert({ patient_id: patientId, tipo: 'correccion', cambios, motivo: input.motivo, at: new Date(deps.now()) });
    },

    async requestClosing(patientId: string, input: ClosingRequestInput) {
      await openPatient(patientId);
      if (await repo.hasPending(patientId, 'cierre')) throw alreadyOpen();
      if ((await repo.closingBlockers(patientId, new Date(deps.now()))) > 0) throw new AppError(409, messages.closingBlocked);
      return insert({ patient_id: patientId, tipo: 'cierre', cambios: null, motivo: input.motivo?.trim() || null, at: new Date(deps.now()) });
    },

    /** The administrators' list, pending or resolved, newest first, by keyset pages. */
    async list(q: { estado: 'pendiente' | 'resuelta'; nombre?: string | undefined; cursor?: string | undefined; limit: number }) {
      const rows = await repo.list({ resolved: q.estado === 'resuelta', nombre: q.nombre || undefined, after: decodeCursor(q.cursor), limit: q.limit + 1 });
      return toPage(rows, q.limit, (r) => r);
    },

    /**
     * An administrator's answer. Refusing writes only the answer. Accepting a correction applies
     * it (checked again against the current profile: the whole of it must still pass the
     * registration rule); accepting a closing anonymises the account. Either way nothing is
     * written unless the request is still pending, and the patient is told by e-mail.
     */
    async decide(id: string, staffId: string, input: { decision: 'aceptar' | 'rechazar'; respuesta?: string | undefined }) {
      const result = await settle(id, staffId, input);
      // A closed account is told at the address it had: it is no longer in the database.
      if (result.closed) {
        await deps.notify.accountClosed({ correo: result.patient.correo, nombre: result.patient.nombre }, { referencia: result.closed.referencia });
      } else {
        await deps.notify.dataRequestAnswered({ patientId: result.patient.id });
      }
      return result;
    },
  };
}
export type DataRequestsService = ReturnType<typeof dataRequestsService>;
