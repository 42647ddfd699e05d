import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { messages } from '@clinica/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { parseConfig } from './config.js';
import { backupsRepository } from '../modules/backups/backups.repository.js';

const TOKEN = 'Zq8vN3xR7tL2pK9mW4sD6fH1jB5cY0aE';

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const family = (families: MetricFamily[], name: string) => families.find((f) => f.name === name);

/** The request counter's value for one route pattern and status (0 when absent). */
function requestsOf(families: MetricFamily[], route: string, status: string) {
  const sample = family(families, 'clinica_http_requests_total')?.metrics.find(
    (m) => m.labels?.route === route && m.labels.status === status && m.labels.method === 'GET',
  );
  return Number(sample?.value ?? 0);
}

describe('/metrics on the main port, with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, MAIL_WORKER: '0' });
  });
  afterAll(async () => t?.close());

  const scrapeText = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  const scrape = async () => parsePrometheusTextFormat(await scrapeText());

  it('refuses a request without the token, or with another, and shows nothing', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, { authorization: 'Bearer ' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: messages.forbidden });
      expect(res.body).not.toContain('clinica_');
    }
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/calendar/abcdefabcdef.ics' });
    const text = await scrapeText();
    const after = parsePrometheusTextFormat(text);
    expect(requestsOf(after, '/healthz', '200') - requestsOf(before, '/healthz', '200')).toBe(2);
    const routes = family(after, 'clinica_http_requests_total')!.metrics.map((m) => m.labels?.route);
    expect(routes).toContain('/api/calendar/:file');
    expect(routes.join(' ')).not.toContain('abcdefabcdef');
    const histogram = family(after, 'clinica_http_request_duration_seconds')!;
    expect(histogram.type).toBe('HISTOGRAM');
    // parse-prometheus-text-format 1.1.1 drops a histogram's labels: its series are read as text.
    const count = /^clinica_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(text);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(2);
  });

  it('reports the mail queue, chat sockets, the database and the event loop', async () => {
    await t.app.mail.enqueue({ kind: 'prueba', to: 'alguien@example.com', subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' });
    const families = await scrape();
    const queued = family(families, 'clinica_mail_jobs')!.metrics.find((m) => m.labels?.status === 'queued');
    expect(Number(queued?.value)).toBeGreaterThanOrEqual(1);
    expect(family(families, 'clinica_mail_send_failures_total')?.type).toBe('COUNTER');
    expect(family(families, 'clinica_chat_sockets_open')!.metrics[0]!.value).toBe('0');
    expect(family(families, 'clinica_db_queries_in_flight')?.type).toBe('GAUGE');
    expect(family(families, 'nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
  });

  it('reports the backup age from the backups module: 0 before any backup succeeded, then the last success', async () => {
    const gauge = async () =>
      Number(family(await scrape(), 'clinica_backup_last_success_timestamp_seconds')!.metrics[0]!.value);
    expect(await gauge()).toBe(0);
    const repo = backupsRepository(t.app.db);
    const at = new Date('2026-11-26T03:00:00Z');
    await repo.record({ started_at: new Date(at.getTime() - 60_000), finished_at: at, origen: 'manual', resultado: 'ok', archivo: 'a.cbk', size_bytes: 10 });
    // A later failure does not move the last success.
    await repo.record({ started_at: new Date(at.getTime() + 3_600_000), finished_at: new Date(at.getTime() + 3_660_000), origen: 'programada', resultado: 'error', error: 'x' });
    expect(await gauge()).toBe(at.getTime() / 1000);
    // Wired once: a second source is a programming error, not a silent replacement.
    expect(() => t.app.metrics.setBackupStatusSource(() => null)).toThrow();
  });
});

describe('/metrics without a token configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_WORKER: '0' });
  });
  afterAll(async () => t?.close());

  it('is not found on the main port, even to a browser (never the home page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept: 'text/html', authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('clinica_');
  });
});

describe('/metrics on its own port (METRICS_PORT)', () => {
  let t: TestApp;
  let metricsPort: number;
  let appPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp({ METRICS_PORT: String(metricsPort), MAIL_WORKER: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appPort = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('serves them on 127.0.0.1:METRICS_PORT and not on the main port', async () => {
    await fetch(`http://127.0.0.1:${appPort}/healthz`);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const families = parsePrometheusTextFormat(await res.text());
    expect(requestsOf(families, '/healthz', '200')).toBeGreaterThanOrEqual(1);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${appPort}/metrics`)).status).toBe(404);
  });

  it('binds only to the loopback address by default', () => {
    const config = parseConfig({ NODE_ENV: 'test', METRICS_PORT: '9999' });
    expect(config.metrics).toEqual({ port: 9999, host: '127.0.0.1', token: undefined });
  });

  it('is on port 9464 by default in production only, and off when asked', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).metrics.port).toBeNull();
    expect(parseConfig({ NODE_ENV: 'test', METRICS_PORT: 'off' }).metrics.port).toBeNull();
    expect(() => parseConfig({ NODE_ENV: 'test', METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => parseConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN/);
  });
});
