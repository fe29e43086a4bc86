import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archiveRoutes } from './archive.routes';

/** Registered by app.ts under `/api`. */
export const archivePlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(archiveRoutes, { prefix: '/herm-wbs/targetTaskFileArchive' });
};
