import fp from 'fastify-plugin';
import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, messages, type Access, type Role } from '@clinica/shared';
import { sessionsRepository, type SessionRow } from './sessions.repository.js';
import { sameOriginCheck } from '../../infra/http/same-origin.js';
import { newToken, sha256 } from '../../infra/token.js';

/** The account a valid session cookie stands for. */
/** A signed-in account as routes see it: the session's row without its clock, and its id hash. */
export type SessionAccount = Omit<SessionRow, 'createdAt' | 'lastActivityAt'> & { idHash: string };

interface Cached extends SessionRow {
  idHash: string;
  lastActivity: number;
  persistedActivity: number;
  /** When the database last confirmed the row (the cache TTL counts from here). */
  checkedAt: number;
  /** Built once: every poll of this session hands out the same object. */
  account: SessionAccount;
}

// Activity is written to the database at most this often: the idle check uses the in-memory
// value, and a value up to this stale after a restart only makes expiry earlier, never later.
const PERSIST_EVERY_MS = 60_000;
const CACHE_LIMIT = 100_000;

/** The stored form of a session token (`sessions.id_hash`): its SHA-256, base64url. */
const hashToken = (token: string) => sha256(token, 'base64url');

/**
 * Server-side sessions with an in-memory cache, so the 5-second session polls need no database.
 * With several instances the rows are shared and each instance caches them: a revocation anywhere
 * reaches the others through `forget` (the realtime plugin's pub/sub), and `cacheTtlMs` bounds how
 * long an entry is trusted without asking the database, should a publication be lost.
 */
export class SessionStore {
  private readonly cache = new Map<string, Cached>();
  private readonly repo;
  private readonly cacheTtlMs: number;
  /** Bumped by every forget: a row read while it moved is not cached (it may already be revoked). */
  private forgets = 0;
  /** 'revoked' (idHashes: string[]) after sessions end: logout, idle, logout-all (the chat closes their sockets). */
  readonly events = new EventEmitter<{ revoked: [idHashes: string[]] }>();

  constructor(
    db: Parameters<typeof sessionsRepository>[0],
    private readonly now: () => number,
    opts: { cacheTtlMs?: number } = {},
  ) {
    this.repo = sessionsRepository(db);
    this.cacheTtlMs = opts.cacheTtlMs ?? Infinity;
  }

  /** Starts a new session (a new random id at every login) and returns the cookie's token. */
  async create(role: Role, accountId: string, meta: { ip: string; userAgent: string | null }) {
    const token = newToken();
    await this.repo.insert({ idHash: hashToken(token), role, accountId, now: new Date(this.now()), ...meta });
    return token;
  }

  /**
   * The account of a live session held in memory, without a promise: the fast path of the polls.
   * Undefined when `resolve` must decide (not cached, another role, expired).
   */
  cached(role: Role, token: string | undefined): SessionAccount | undefined {
    if (!token || token.length > 100) return undefined;
    const entry = this.cache.get(hashToken(token));
    const now = this.now();
    return entry && entry.role === role && this.fresh(entry, now) && this.live(entry, now) ? entry.account : undefined;
  }

  /** The account of a cookie token, or null when unknown, idle for 30 minutes or older than 12 hours. */
  async resolve(role: Role, token: string | undefined): Promise<SessionAccount | null> {
    if (!token || token.length > 100) return null;
    const idHash = hashToken(token);
    let entry = this.cache.get(idHash);
    if (entry && entry.role !== role) return null;
    if (!entry || !this.fresh(entry, this.now())) {
      const forgetsBefore = this.forgets;
      const row = await this.repo.find(idHash, role);
      if (!row) {
        // Ended elsewhere (another instance): nothing of it stays here.
        this.cache.delete(idHash);
        return null;
      }
      const previous = entry;
      const last = Math.max(row.lastActivityAt.getTime(), previous?.lastActivity ?? 0);
      const { nombre, apellido, correo, servicio, accountId } = row;
      const account = previous?.account ?? { idHash, role: row.role, accountId, nombre, apellido, correo, servicio };
      entry = {
        ...row,
        idHash,
        lastActivity: last,
        persistedActivity: Math.max(row.lastActivityAt.getTime(), previous?.persistedActivity ?? 0),
        checkedAt: this.now(),
        account,
      };
      if (this.forgets === forgetsBefore) this.remember(entry);
    }
    if (entry.role !== role) return null;
    if (!this.live(entry, this.now())) {
      await this.revoke(idHash);
      return null;
    }
    return entry.account;
  }

  /**
   * Records activity of the person behind a session (restarts the 30-minute idle clock). Returns
   * a promise only when it writes to the database (at most once a minute a session).
   */
  touch(idHash: string): Promise<void> | undefined {
    const entry = this.cache.get(idHash);
    if (!entry) return undefined;
    const now = this.now();
    entry.lastActivity = now;
    if (now - entry.persistedActivity < PERSIST_EVERY_MS) return undefined;
    entry.persistedActivity = now;
    return this.repo.touch(idHash, new Date(now));
  }

  private fresh(entry: Cached, now: number) {
    return now - entry.checkedAt < this.cacheTtlMs;
  }

  /** Drops cached sessions ended on another instance (their rows are already gone). */
  forget(idHashes: string[]) {
    this.forgets += 1;
    for (const h of idHashes) this.cache.delete(h);
  }

  /** Drops the whole cache (revocations may have been missed: the pub/sub reconnected). */
  forgetAll() {
    this.forgets += 1;
    this.cache.clear();
  }

  private live(entry: Cached, now: number) {
    return now - entry.lastActivity <= SESSION_IDLE_MS && now - entry.createdAt.getTime() <= SESSION_ABSOLUTE_MS;
  }

  /** Ends one session. */
  async revoke(idHash: string) {
    this.cache.delete(idHash);
    await this.repo.delete(idHash);
    this.events.emit('revoked', [idHash]);
  }

  /** Ends every session of these accounts, on every device. */
  async revokeAccounts(accounts: { role: Role; accountId: string }[]) {
    const hashes = await this.repo.deleteForAccounts(accounts);
    for (const h of hashes) this.cache.delete(h);
    const ended = [...hashes];
    // Sessions only in the cache (none should be) are dropped by account as well.
    for (const [h, e] of this.cache) {
      if (accounts.some((a) => a.role === e.role && a.accountId === e.accountId)) {
        this.cache.delete(h);
        ended.push(h);
      }
    }
    if (ended.length > 0) this.events.emit('revoked', ended);
  }

  /** Deletes expired rows; run on a timer. */
  async sweep() {
    const now = this.now();
    return this.repo.deleteExpired(new Date(now - SESSION_IDLE_MS), new Date(now - SESSION_ABSOLUTE_MS));
  }

  private remember(entry: Cached) {
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(entry.idHash, entry);
  }
}

/** One registered route and who may call it, as the sessions plugin saw it (the role-matrix test reads it). */
export interface RouteAccess {
  method: string;
  url: string;
  access: readonly Access[] | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the sessions plugin, with its declared access. */
    routeTable: readonly RouteAccess[];
  }
}

export interface CookieNames {
  names: Record<Role, string>;
  options: { path: '/'; httpOnly: true; sameSite: 'strict'; secure: boolean; maxAge: number };
}

/** Cookie names per role: one browser may be signed in as patient, admin and doctor at once. */
export function cookieNames(production: boolean): CookieNames {
  const prefix = production ? '__Host-' : '';
  return {
    names: { patient: `${prefix}sid_patient`, admin: `${prefix}sid_admin`, doctor: `${prefix}sid_doctor` },
    options: { path: '/', httpOnly: true, sameSite: 'strict', secure: production, maxAge: SESSION_ABSOLUTE_MS / 1000 },
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const accessList = (access: Access | readonly Access[] | undefined): readonly Access[] | undefined =>
  access === undefined ? undefined : typeof access === 'string' ? [access] : access;

export default fp(
  async (app) => {
    const store = new SessionStore(app.db, app.now, { cacheTtlMs: app.config.sessionCacheTtlMs });
    const cookies = cookieNames(app.config.production);
    app.decorate('sessions', store);
    app.decorateRequest('accounts', null as unknown as FastifyRequest['accounts']);
    const routeTable: RouteAccess[] = [];
    app.decorate('routeTable', routeTable);

    /** The role gate of one route, built once when the route is registered. */
    const gateFor = (roles: readonly Role[]) =>
      async function sessionGate(request: FastifyRequest, reply: FastifyReply) {
        for (const role of roles) {
          const account = await store.resolve(role, request.cookies[cookies.names[role]]);
          if (account) {
            request.accounts[role] = account;
            await store.touch(account.idHash);
          }
        }
        if (Object.keys(request.accounts).length === 0) {
          return reply.code(401).send({ success: false, message: messages.unauthenticated });
        }
      };
    const gates = new WeakSet<object>();

    // Deny by default: an /api route that does not say who may call it cannot be registered.
    // A route closed to anonymous callers gets its gate as a route hook, so the routes open to
    // anybody (the session checks polled every 5 s, health, static files) pay nothing for it.
    app.addHook('onRoute', (route) => {
      const access = accessList(route.config?.access);
      for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, access });
      if (route.url.startsWith('/api') && access === undefined) {
        throw new Error(
          `La ruta ${route.method.toString()} ${route.url} no declara quién puede llamarla (config.access)`,
        );
      }
      if (!access || access.includes('anonymous')) return;
      const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
      // A HEAD route copied from its GET arrives with the gate already in place.
      if (hooks.some((h) => gates.has(h))) return;
      const gate = gateFor(ROLES.filter((r) => access.includes(r)));
      gates.add(gate);
      route.onRequest = [...hooks, gate];
    });

    const sameOrigin = sameOriginCheck(app.config.publicOrigin);

    // Runs for every request, before any route's gate: synchronous (no promise per request).
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      request.accounts = {};
      if (STATE_CHANGING.has(request.method) && !sameOrigin(request)) {
        void reply.code(403).send({ success: false, message: messages.foreignOrigin });
        return;
      }
      done();
    });

    const sweep = setInterval(() => {
      store.sweep().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
    }, 10 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'sessions', dependencies: ['config', 'db'] },
);

export { hashToken };
