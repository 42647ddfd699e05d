import fp from 'fastify-plugin';
import { auditRepository } from '../audit/index.js';
import { examFilesService, type ExamFilesService } from './exam-files.service.js';
import { recordsRepository } from './records.repository.js';
import { recordsService, type RecordsService } from './records.service.js';
import recordsRoutes from './records.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Clinical records (modules/records). */
    records: RecordsService;
    /** Exam files of a consultation, under their quota (modules/records). */
    examFiles: ExamFilesService;
  }
}

/** Clinical records: the records service and the exam files built once (`app.records`; `app.examFiles`, also used by doctor-consultations and patients-admin) and the routes. */
export default fp(
  async (app) => {
    const repo = recordsRepository(app.db);
    const { quotas } = app.config;
    const exams = examFilesService({
      repo,
      storage: app.storage,
      now: app.now,
      quota: { files: quotas.examFilesPerConsultation, bytes: quotas.examBytesPerConsultation },
    });
    app.decorate('examFiles', exams);
    app.decorate('records', recordsService({ repo, exams, audit: auditRepository(app.db), now: app.now }));
    await app.register(recordsRoutes);
  },
  { name: 'records', dependencies: ['config', 'db', 'storage', 'sessions', 'two-factor', 'audit'] },
);
