import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerFileJobs } from './files.jobs';
import { registerDocRepoPolicy } from './files.policy';
import { docrepoRoutes, fileRoutes } from './files.routes';

/** Registered by app.ts under `/api`: the file routes, the document library (and its owner policy), the merge and cleanup jobs. */
export const filesPlugin: FastifyPluginAsyncZod = async (app) => {
  registerDocRepoPolicy(app.hooks);
  await app.register(fileRoutes, { prefix: '/herm-zdgj/rest/file' });
  await app.register(docrepoRoutes, { prefix: '/docrepo' });
  registerFileJobs(app);
};
