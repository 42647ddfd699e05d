import fp from 'fastify-plugin';
import { documentsRepository } from './documents.repository.js';
import { documentsService, type DocumentsService } from './documents.service.js';
import documentsRoutes from './documents.routes.js';
import { signerFromConfig } from './documents.digital-signature.js';
import { clinicLetterhead } from './documents.letterhead.js';
import { documentAnnulment } from './documents.annul.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Medical documents: PDFs made, signed, stored and listed (modules/documents). */
    documents: DocumentsService;
  }
}

/** Medical documents: the service built once (`app.documents`) and its routes. */
export default fp(
  async (app) => {
    app.decorate(
      'documents',
      documentsService({
        repo: documentsRepository(app.db),
        storage: app.storage,
        pdf: app.pdf,
        now: app.now,
        clinic: clinicLetterhead(app.config.clinic),
        signer: signerFromConfig(app.config, new Date(app.now())),
        doctorProfiles: app.doctorProfiles,
        annulment: documentAnnulment(app.db, app.now),
        log: app.log,
        notify: app.notify,
      }),
    );
    await app.register(documentsRoutes);
  },
  { name: 'documents', dependencies: ['config', 'db', 'storage', 'pdf', 'mailer', 'sessions', 'two-factor', 'audit', 'doctor-profile'] },
);
