import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../db/client.js';
import { mailJobs } from '../../db/schema.js';
import { hasPostgres, startPostgres } from '../../../test/postgres.js';
import { SmtpSink } from '../../../test/smtp-sink.js';
import { mailJobsRepository } from './mail-jobs.repository.js';
import { smtpTransport } from './mail-transport.js';
import { MailWorker } from './mail-worker.js';

// PGlite has one connection, so it cannot show two instances taking row locks at the same time.
// Here two connection pools (two server instances) share a real PostgreSQL 15.
describe.skipIf(!hasPostgres)('the e-mail queue on PostgreSQL 15, two instances', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  let a: Database;
  let b: Database;
  let sink: SmtpSink;
  let dataDir: string;

  beforeAll(async () => {
    pg = await startPostgres();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-pgmail-'));
    a = await openDatabase({ databaseUrl: pg.url, dataDir });
    b = await openDatabase({ databaseUrl: pg.url, dataDir });
    sink = await new SmtpSink().start();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sink?.stop();
    pg?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const queue = async (db: Db, n: number, prefix: string) => {
    const repo = mailJobsRepository(db);
    for (let i = 0; i < n; i++) {
      await repo.insert({
        kind: 'prueba',
        recipient: `${prefix}${i}@example.com`,
        subject: 'Prueba',
        payload: { text: 'Hola', html: '<p>Hola</p>', attachments: [] },
        runAt: new Date(Date.now() - 1000),
        createdAt: new Date(),
      });
    }
  };

  it('a claim still in progress on one instance neither blocks the other nor shares its jobs (SKIP LOCKED)', async () => {
    await queue(a.db, 6, 'lock');
    const now = () => new Date();
    const lease = () => new Date(Date.now() + 60_000);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let claimedByA: string[] = [];
    let signal!: () => void;
    const aClaimed = new Promise<void>((r) => (signal = r));
    // Instance A claims three jobs and keeps its transaction (and the row locks) open.
    const txA = a.db.transaction(async (tx) => {
      claimedByA = (await mailJobsRepository(tx as unknown as Db).claim(now(), lease(), 3)).map((j) => j.id);
      signal();
      await held;
    });
    await aClaimed;
    // Without SKIP LOCKED, B would wait for A's transaction: give it two seconds.
    const outcome = await Promise.race([
      mailJobsRepository(b.db)
        .claim(now(), lease(), 10)
        .then((jobs) => jobs.map((j) => j.id)),
      new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 2000)),
    ]);
    release();
    await txA;
    expect(outcome).not.toBe('blocked');
    const claimedByB = outcome as string[];
    expect(claimedByA).toHaveLength(3);
    expect(claimedByB).toHaveLength(3);
    expect(claimedByB.filter((id) => claimedByA.includes(id))).toEqual([]);
    await a.db.delete(mailJobs);
  });

  it("two instances' workers send every message exactly once", async () => {
    await queue(a.db, 30, 'pair');
    const worker = (db: Database) =>
      new MailWorker({
        repo: mailJobsRepository(db.db),
        transport: smtpTransport(sink.url, 'avisos@clinica.example'),
        now: Date.now,
        log: pino({ level: 'silent' }),
        maxAttempts: 3,
      });
    const [wa, wb] = [worker(a), worker(b)];
    await Promise.all([wa.drain(), wb.drain(), wa.drain(), wb.drain()]);
    for (let i = 0; i < 30; i++) expect(sink.to(`pair${i}@example.com`), `pair${i}`).toHaveLength(1);
    const rows = await b.db.select().from(mailJobs);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
