import fs from 'node:fs/promises';
import PostalMime from 'postal-mime';
import type { OutboxMessage } from '@clinica/shared';
import { notFound } from '../../infra/http/errors.js';
import type { MailJobsRepository } from './mail-jobs.repository.js';
import { outboxFile } from './mail-transport.js';

const LIST_LIMIT = 200;

/** What administrators may see of the queue: addressee, subject, state; bodies only from the outbox folder. */
export function mailService(deps: { repo: MailJobsRepository; mode: 'smtp' | 'outbox'; outboxDir: string }) {
  const { repo, mode, outboxDir } = deps;

  async function readFile(id: string) {
    const job = await repo.find(id);
    if (!job || job.transport !== 'outbox') throw notFound();
    try {
      return await fs.readFile(outboxFile(outboxDir, id));
    } catch {
      throw notFound();
    }
  }

  return {
    /** The newest messages with their state, and how mail leaves (the route maps them). */
    async list() {
      const rows = await repo.listRecent(LIST_LIMIT);
      const attempts = await repo.attemptsOf(rows.map((r) => r.id));
      const byJob = new Map<string, typeof attempts>();
      for (const a of attempts) byJob.set(a.job_id, [...(byJob.get(a.job_id) ?? []), a]);
      return { mode, rows: rows.map((r) => ({ ...r, attempts_made: byJob.get(r.id) ?? [] })) };
    },

    /** The plain-text part of a message of the outbox folder (never its HTML: shown as text only). */
    async read(id: string): Promise<OutboxMessage> {
      const email = await PostalMime.parse(await readFile(id));
      return {
        id,
        to: (email.to ?? []).map((a) => a.address ?? a.name).join(', '),
        subject: email.subject ?? '',
        date: email.date ?? null,
        text: email.text ?? '',
        attachments: email.attachments.map((a) => ({
          filename: a.filename ?? '',
          mimeType: a.mimeType,
          size: typeof a.content === 'string' ? a.content.length : a.content.byteLength,
        })),
      };
    },

    /** The .eml file as written. */
    raw: (id: string) => readFile(id),
  };
}
