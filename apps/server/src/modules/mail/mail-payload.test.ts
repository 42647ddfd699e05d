import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { member, sqlRows } from '../../../test/security/support.js';
import { mailJobs } from '../../db/schema.js';
import { openMailPayload } from './mail-payload.js';

/** Secrets out of the queue (issue 19): a password-reset link is never readable in mail_jobs. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
}, 60_000);
afterAll(async () => t.close());

describe('the mail queue', () => {
  it("holds a reset link's message sealed: the raw row has no token and no link; the mail sent has them", async () => {
    const p = await member(t, 'patient');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: p.correo } });
    expect(res.statusCode).toBe(200);
    const end = Date.now() + 10_000;
    let job;
    while (
      !(job = (
        await t.app.db
          .select()
          .from(mailJobs)
          .where(and(eq(mailJobs.recipient, p.correo), eq(mailJobs.subject, 'Restablezca su contraseña')))
      )[0])
    ) {
      if (Date.now() > end) throw new Error('no job');
      await new Promise((r) => setTimeout(r, 20));
    }
    // The token, from the sealed content opened with the server's key.
    const content = openMailPayload(t.app.config.fileKeys, job.payload!);
    const token = /token=([A-Za-z0-9_-]{20,})/.exec(content.text)?.[1];
    expect(token, content.text).toBeDefined();
    // The raw row, as a database dump or a backup shows it.
    const [raw] = await sqlRows<{ row: string }>(
      t,
      sql`select row_to_json(m)::text as row from mail_jobs m where id = ${job.id}`,
    );
    expect(raw!.row).toContain('"sealed"');
    expect(raw!.row).not.toContain(token!);
    expect(raw!.row).not.toMatch(/https?:\/\//);
    expect(raw!.row).not.toContain('restablecer-contrasena');
    // Sent as usual: the outbox file carries the link.
    await t.app.mail.drain();
    const dir = t.app.mail.outboxDir;
    const files = await fs.readdir(dir);
    const sent = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
    expect(sent.some((m) => m.includes(token!))).toBe(true);
  });
});
