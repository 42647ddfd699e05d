import fp from 'fastify-plugin';
import { backupsRepository } from './backups.repository.js';
import { backupsService } from './backups.service.js';
import backupsRoutes from './backups.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Backups (modules/backups, decision 0056). */
    backups: ReturnType<typeof backupsService>;
  }
}

/** Backups: the service built once (`app.backups`), the daily schedule while the app runs, the admin route. */
export default fp(
  async (app) => {
    const service = backupsService({
      repo: backupsRepository(app.db),
      config: app.config,
      database: app.database,
      now: () => new Date(app.now()),
      log: app.log,
    });
    app.decorate('backups', service);
    // The backup-age gauge of /metrics (infra/metrics.ts): the last success, read at each scrape.
    const repo = backupsRepository(app.db);
    app.metrics.setBackupStatusSource(() => repo.lastSuccess());
    // What a backup killed with the previous process left (a failure here must not stop the clinic).
    await service.prunePartials().catch((err: unknown) => app.log.warn({ err }, 'partial backups could not be pruned'));
    const stop = service.startSchedule();
    app.addHook('onClose', async () => stop());
    if (app.config.backup.scheduleHour !== null && !app.config.backup.key) {
      app.log.warn('BACKUP_KEY is not set: the daily backup will fail until it is');
    }
    await app.register(backupsRoutes);
  },
  { name: 'backups', dependencies: ['config', 'db', 'sessions', 'two-factor', 'audit'] },
);
