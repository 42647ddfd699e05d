import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type CollectFunction } from 'prom-client';
import { messages } from '@clinica/shared';

/**
 * Metrics in Prometheus' text format (prom-client; issue 26, item 5, docs/decisions/0055).
 *
 * Served only where a scraper is meant to read them: on their own port bound to METRICS_HOST
 * (127.0.0.1 by default; METRICS_PORT, 9464 by default in production) and/or on the main port to a
 * request carrying `Authorization: Bearer METRICS_TOKEN`. Without a token configured the main
 * port answers /metrics 404; with one, a missing or wrong token gets 401.
 *
 * Each app has its own registry (tests build many apps in one process). Modules add what they own
 * through `app.metrics` (the mail queue in the mail module, chat sockets in the realtime hub); the
 * backups report their last success through `setBackupStatusSource`.
 */

/** When the last backup succeeded (Unix seconds, or a Date); null: never. */
export type BackupStatusSource = () => number | Date | null | Promise<number | Date | null>;

export interface Metrics {
  readonly registry: Registry;
  /** A gauge whose value is read at each scrape (`collect` sets it). */
  gauge<L extends string>(config: { name: string; help: string; labelNames?: readonly L[]; collect: CollectFunction<Gauge<L>> }): Gauge<L>;
  counter<L extends string>(config: { name: string; help: string; labelNames?: readonly L[] }): Counter<L>;
  /**
   * Wires the backups' status: `clinica_backup_last_success_timestamp_seconds` exists from then on
   * (nothing is reported before, rather than a misleading 0 = "1970").
   */
  setBackupStatusSource(source: BackupStatusSource): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** The route's pattern (`/api/records/:token`), never the raw URL: ids would make a series each. */
const UNMATCHED = '(sin ruta)';

/** Equal in constant time (hashes first: timingSafeEqual needs equal lengths). */
function sameSecret(given: string, expected: string) {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export default fp(
  async (app) => {
    const { metrics: cfg } = app.config;
    const registry = new Registry();
    const served = cfg.port !== null || cfg.token !== undefined;
    // Event-loop lag, heap, GC, handles... (prom-client's defaults); only when someone can read
    // them: they install process-wide observers that an app nobody scrapes need not pay for.
    if (served) collectDefaultMetrics({ register: registry });

    const labels = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'clinica_http_requests_total',
      help: 'Peticiones HTTP respondidas, por método, patrón de ruta y código',
      labelNames: labels,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'clinica_http_request_duration_seconds',
      help: 'Duración de las peticiones HTTP, por método, patrón de ruta y código',
      labelNames: labels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      const l = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
      requests.inc(l);
      duration.observe(l, reply.elapsedTime / 1000);
    });

    const usage = () => app.database.usage();
    new Gauge({
      name: 'clinica_db_queries_in_flight',
      help: 'Consultas a la base de datos en curso (PostgreSQL: conexiones del pool en uso; PGlite: llamadas sin respuesta)',
      registers: [registry],
      collect() {
        this.set(usage().inFlight);
      },
    });
    if (app.database.kind === 'postgres') {
      new Gauge({
        name: 'clinica_db_pool_connections',
        help: 'Conexiones del pool de PostgreSQL: abiertas (total), libres (idle) y el máximo (max)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const pool = usage().pool;
          if (!pool) return;
          this.set({ state: 'total' }, pool.total);
          this.set({ state: 'idle' }, pool.idle);
          this.set({ state: 'max' }, pool.max);
        },
      });
      new Gauge({
        name: 'clinica_db_pool_waiting',
        help: 'Peticiones esperando una conexión del pool de PostgreSQL',
        registers: [registry],
        collect() {
          this.set(usage().pool?.waiting ?? 0);
        },
      });
    }

    let backupWired = false;
    const metrics: Metrics = {
      registry,
      gauge: (config) => new Gauge({ ...config, labelNames: config.labelNames ?? [], registers: [registry] }),
      counter: (config) => new Counter({ ...config, labelNames: config.labelNames ?? [], registers: [registry] }),
      setBackupStatusSource(source) {
        if (backupWired) throw new Error('the backup status source is already set');
        backupWired = true;
        new Gauge({
          name: 'clinica_backup_last_success_timestamp_seconds',
          help: 'Momento (Unix, segundos) de la última copia de seguridad correcta; 0: nunca',
          registers: [registry],
          async collect() {
            const last = await source();
            this.set(last === null ? 0 : last instanceof Date ? last.getTime() / 1000 : last);
          },
        });
      },
    };
    app.decorate('metrics', metrics);

    // The main port: only with a token. Registered in every app so that /metrics never falls
    // through to the web's page fallback (a 200 with the home page would read as "up").
    app.get('/metrics', { config: { access: 'anonymous' } }, async (request, reply) => {
      if (!cfg.token) return reply.code(404).send({ success: false, message: messages.notFound });
      const auth = request.headers.authorization ?? '';
      const given = /^Bearer (.+)$/.exec(auth)?.[1];
      if (!given || !sameSecret(given, cfg.token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ success: false, message: messages.forbidden });
      }
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
    });

    // Its own port: a bare node server, not the app (no sessions, no routes but this one). Opened
    // when the app listens, so the tests' injected apps never hold a port.
    if (cfg.port !== null) {
      const server = http.createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body),
          (err: unknown) => {
            app.log.error({ err }, 'metrics not collected');
            res.writeHead(500).end();
          },
        );
      });
      app.addHook('onListen', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(cfg.port ?? 0, cfg.host, () => resolve());
        });
        const address = server.address() as AddressInfo;
        app.log.info({ host: address.address, port: address.port }, 'metrics listening');
      });
      app.addHook('onClose', async () => {
        if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
);
