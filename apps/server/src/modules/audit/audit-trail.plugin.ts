import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction, AuditOutcome, AuditRole, Role } from '@clinica/shared';
import { cookieNames } from '../auth/index.js';
import { auditRepository, type AuditResourceType, type NewAuditRow } from './audit.repository.js';

/** What a module records: the action, the record it touched and, when known, whose data it is. */
export interface AuditEntry {
  action: AuditAction;
  /** The record: its type and its id or token (stored as `resource_id`). */
  resource?: { type: AuditResourceType; id: string };
  /** The patient whose data this is; looked up from `resource` when left out. */
  patientId?: string | null;
  /**
   * A list's patients: one row for each (distinct) patient whose data the answer carried, so each
   * sees the read in their access history (decision 0030); one row without a patient when empty.
   */
  patientIds?: readonly (string | null | undefined)[];
  /** Like `patientIds`, by the patients' e-mail addresses (the outbox, documents named by e-mail). */
  patientEmails?: readonly string[];
  outcome?: AuditOutcome;
  /** A short note (never a password, a cookie or a file's content). */
  detail?: string;
  /** Which of the caller's signed-in accounts acts; by default the staff one, else the patient's. */
  role?: Role;
  /** The account acting when it has no session yet (a sign-in's second factor). */
  actor?: { role: Role; accountId: string; correo: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Appends one row to the audit trail for this request: who (from the session), when, from
     * where, what and the outcome. Throws when the row cannot be written (the read fails with it).
     */
    audit(request: FastifyRequest, entry: AuditEntry): Promise<void>;
    /**
     * Appends one row for what the server did on its own, with no request (a sweep: a video call
     * ended by the hour's end, decision 0053): no method, path or address; the actor is `actor`
     * when the event is on someone's behalf, else 'anonymous' (the server).
     */
    auditEvent(entry: Omit<AuditEntry, 'role'>): Promise<void>;
  }
}

const LOGIN_ROUTES: Record<string, Role | 'all'> = {
  '/api/auth/login': 'patient',
  '/api/admin/login': 'admin',
  '/api/doctor/login': 'doctor',
  '/api/admin/login-all': 'all',
};
const REFUSALS = new Set([401, 403, 404]);

const clip = (s: string | undefined | null, n: number) => (s ? s.slice(0, n) : null);

/** The role a route serves when it serves one (`config.access`): a patient route's read is the patient's, whoever else is signed in. */
const routeRole = (request: FastifyRequest): Role | undefined => {
  const access: unknown = request.routeOptions.config.access;
  return access === 'patient' || access === 'doctor' || access === 'admin' ? access : undefined;
};
const pathOf = (request: FastifyRequest) => clip(request.url.split('?')[0], 500);

/** The record a refused request named (route parameters), for the refusal's row. */
function refusedResource(request: FastifyRequest): { type: AuditResourceType; id: string } | undefined {
  const url = request.routeOptions.url ?? '';
  const params = (request.params ?? {}) as Record<string, unknown>;
  const token = typeof params.token === 'string' ? params.token.slice(0, 100) : undefined;
  const id = typeof params.id === 'string' ? params.id.slice(0, 100) : undefined;
  if (token && url.includes('/consultations/:token')) return { type: 'consultation', id: token };
  if (token && url.includes('/receipts/:token')) return { type: 'payment', id: token };
  if (id && url.includes('/patients/:id')) return { type: 'patient', id };
  if (id && url.includes('/documents/')) return { type: 'document', id };
  return undefined;
}

/**
 * The audit trail as a capability: `app.audit(request, entry)` for the modules, and two hooks
 * that record what no module sees whole: every sign-in (success or failure, by its answer) and
 * every refusal of an /api call (401, 403, 404).
 */
export default fp(
  async (app) => {
    const repo = auditRepository(app.db);
    const roleOfCookie = new Map(Object.entries(cookieNames(app.config.production).names).map(([role, name]) => [name, role as Role]));

    const base = (request: FastifyRequest) => ({
      at: new Date(app.now()),
      method: request.method,
      path: pathOf(request),
      ip: clip(request.ip, 100),
      user_agent: clip(request.headers['user-agent'], 300),
      request_id: clip(request.id, 100),
    });

    const actorOf = (request: FastifyRequest, role?: Role) => {
      const accounts = request.accounts ?? {};
      const account = role ? accounts[role] : (accounts.admin ?? accounts.doctor ?? accounts.patient);
      return account
        ? { actor_role: account.role as AuditRole, actor_id: account.accountId, actor_correo: account.correo }
        : { actor_role: 'anonymous' as const, actor_id: null, actor_correo: null };
    };

    async function record(request: FastifyRequest, entry: AuditEntry, extra: Partial<NewAuditRow> = {}) {
      const list = entry.patientIds !== undefined || entry.patientEmails !== undefined;
      let patientId = entry.patientId;
      if (patientId === undefined && !list) patientId = entry.resource ? await repo.patientOf(entry.resource.type, entry.resource.id) : null;
      const ids = [...(entry.patientIds ?? []), ...(entry.patientEmails?.length ? await repo.patientsByEmail(entry.patientEmails) : [])];
      const listed = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
      await repo.insert(
        (listed.length > 0 ? listed : [patientId ?? null]).map((id) => ({
          ...base(request),
          ...(entry.actor
            ? { actor_role: entry.actor.role, actor_id: entry.actor.accountId, actor_correo: entry.actor.correo }
            : actorOf(request, entry.role ?? routeRole(request))),
          action: entry.action,
          resource_type: entry.resource?.type ?? null,
          resource_id: clip(entry.resource?.id, 100),
          patient_id: id,
          outcome: entry.outcome ?? 'success',
          detail: clip(entry.detail, 500),
          ...extra,
        })),
      );
    }

    app.decorate('audit', (request: FastifyRequest, entry: AuditEntry) => record(request, entry));
    app.decorate('auditEvent', async (entry: Omit<AuditEntry, 'role'>) => {
      const patientId = entry.patientId ?? (entry.resource ? await repo.patientOf(entry.resource.type, entry.resource.id) : null);
      await repo.insert([
        {
          at: new Date(app.now()),
          actor_role: entry.actor?.role ?? 'anonymous',
          actor_id: entry.actor?.accountId ?? null,
          actor_correo: entry.actor?.correo ?? null,
          action: entry.action,
          resource_type: entry.resource?.type ?? null,
          resource_id: clip(entry.resource?.id, 100),
          patient_id: patientId,
          outcome: entry.outcome ?? 'success',
          detail: clip(entry.detail, 500),
        },
      ]);
    });

    /** One row per sign-in attempt; the e-mail tried, never the password. */
    async function recordLogin(request: FastifyRequest, reply: FastifyReply, kind: Role | 'all') {
      const body = (request.body ?? {}) as { email?: unknown };
      const correo = typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : null;
      const action: AuditAction = kind === 'all' ? 'auth.login_all' : 'auth.login';
      // 202: the password was right and the second factor is still to come (its module records
      // that); only the sessions the answer did open are sign-ins.
      if ((reply.statusCode === 200 || reply.statusCode === 202) && correo) {
        const header = reply.getHeader('set-cookie');
        const names = (Array.isArray(header) ? header : typeof header === 'string' ? [header] : []).map((c) => c.split('=')[0]!);
        const roles = kind === 'all' || reply.statusCode === 202 ? names.map((n) => roleOfCookie.get(n)).filter((r): r is Role => r !== undefined) : [kind];
        for (const role of roles) {
          const id = await repo.accountId(role, correo);
          await repo.insert({
            ...base(request),
            actor_role: role,
            actor_id: id,
            actor_correo: correo,
            action,
            resource_type: role === 'patient' ? 'patient' : null,
            resource_id: id,
            patient_id: role === 'patient' ? id : null,
            outcome: 'success',
            status_code: 200,
            detail: null,
          });
        }
        return;
      }
      const why = reply.statusCode === 429 ? 'demasiados intentos' : reply.statusCode === 401 ? 'credenciales no válidas' : 'solicitud no válida';
      await repo.insert({
        ...base(request),
        actor_role: kind === 'all' ? 'anonymous' : kind,
        actor_id: null,
        actor_correo: correo,
        action,
        resource_type: null,
        resource_id: null,
        patient_id: null,
        outcome: 'failure',
        status_code: reply.statusCode,
        detail: why,
      });
    }

    // Callback style with a synchronous fast path: this hook sees every answer, the session checks
    // every open page polls each 5 s included, and only sign-ins and refusals need any work.
    app.addHook('onSend', (request, reply, payload, done) => {
      const login = request.method === 'POST' ? LOGIN_ROUTES[request.routeOptions.url ?? ''] : undefined;
      if (!request.url.startsWith('/api/') || (!login && !REFUSALS.has(reply.statusCode))) {
        done(null, payload);
        return;
      }
      const write = login
        ? recordLogin(request, reply, login)
        : record(
            request,
            { action: 'refusal', resource: refusedResource(request), outcome: 'denied', detail: request.routeOptions.url ? undefined : 'ruta inexistente' },
            { status_code: reply.statusCode },
          );
      void write.then(
        () => done(null, payload),
        (err: unknown) => {
          request.log.error({ err }, 'audit row not written');
          done(null, payload);
        },
      );
    });
  },
  { name: 'audit', dependencies: ['config', 'db', 'sessions'] },
);
