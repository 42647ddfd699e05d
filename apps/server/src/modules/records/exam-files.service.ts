import crypto from 'node:crypto';
import { IMAGE_MIME_TYPES, messages } from '@clinica/shared';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
import { checkedType } from '../../infra/http/file-content.js';
import type { Storage } from '../../infra/storage.js';
import { cleanFileName } from '../../infra/http/file-name.js';
import type { RecordsRepository } from './records.repository.js';
import { sha256 } from '../../infra/token.js';

/** What an exam file may be (docs/spec/decisions.md, "Files"): a PDF or an image, by its content. */
export const EXAM_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;

/** The exam file's real type by its whole content (infra/http/file-content.ts); refuses an empty file and anything else. */
export async function assertExamFile(bytes: Buffer, field: string) {
  if (bytes.length === 0) throw badRequest(messages.emptyFile, { [field]: messages.emptyFile });
  const mime = await checkedType(bytes, EXAM_MIME_TYPES);
  if (!mime) throw badRequest(messages.invalidExamFile, { [field]: messages.invalidExamFile });
  return mime;
}

/**
 * Exam files of a consultation, shared by the patient's and the doctor's screens: stored
 * encrypted, listed with download addresses of the caller's own routes, read back only through
 * the consultation the caller may see.
 */
export function examFilesService(deps: {
  repo: RecordsRepository;
  storage: Storage;
  now: () => number;
  /** Per consultation: how many exam files and how many bytes (QUOTA_EXAM_*; decision 0030). */
  quota: { files: number; bytes: number };
}) {
  const { repo, storage } = deps;

  async function readStored(fileId: string) {
    const meta = await repo.fileMeta(fileId);
    if (!meta) throw notFound();
    const bytes = await storage.get(fileId, { encrypted: meta.encrypted });
    return { bytes, mime: meta.mime, nombre: meta.nombre };
  }

  return {
    /** The consultation's exam files, oldest first (the route maps them with `toExamFile`). */
    list: (consultationId: string) => repo.examFiles(consultationId),

    /** Checks, encrypts and stores one exam file for the consultation; a rejected file writes nothing. */
    async upload(
      consultationId: string,
      file: { bytes: Buffer; filename: string; field: string },
      by: { role: 'patient' | 'doctor'; accountId: string },
    ) {
      const mime = await assertExamFile(file.bytes, file.field);
      const usage = await repo.examUsage(consultationId);
      if (usage.n >= deps.quota.files || usage.bytes + file.bytes.length > deps.quota.bytes) {
        throw new AppError(413, messages.quotaExamFiles, { [file.field]: messages.quotaExamFiles });
      }
      const id = crypto.randomUUID();
      await storage.put(id, file.bytes, { encrypt: true });
      try {
        await repo.insertExamFile(
          {
            id,
            kind: 'exam',
            mime,
            size: file.bytes.length,
            sha256: sha256(file.bytes, 'hex'),
            nombre: cleanFileName(file.filename, mime === 'application/pdf' ? 'examenes.pdf' : 'examenes'),
            encrypted: true,
          },
          { consultationId, by: by.role, accountId: by.accountId, at: new Date(deps.now()) },
        );
      } catch (err) {
        await storage.delete(id).catch(() => undefined);
        throw err;
      }
      return id;
    },

    /** One exam file of the consultation (404 when it is not one of its files). */
    async readExam(consultationId: string, fileId: string) {
      if (!(await repo.hasExamFile(consultationId, fileId))) throw notFound();
      return readStored(fileId);
    },

    /** One of the consultation's chat images (404 when it is not one of its images). */
    async readImage(consultationId: string, fileId: string) {
      if (!(await repo.hasImage(consultationId, fileId))) throw notFound();
      return readStored(fileId);
    },

    readStored,
  };
}
export type ExamFilesService = ReturnType<typeof examFilesService>;
