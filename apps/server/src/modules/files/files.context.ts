import type { FastifyInstance } from 'fastify';
import type { FilesContext } from './files.service';

/** The files services' context from the app: its database, hooks (the owner policies), file store and settings. */
export const filesContextOf = (app: FastifyInstance): FilesContext => ({
  db: app.database.db,
  hooks: app.hooks,
  store: app.fileStore,
  config: app.config,
});
