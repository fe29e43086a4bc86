import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECORD_HISTORY } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { standardRoutes } from './standard.routes';
import { systemFor } from './standard-access';

/** Registered by app.ts under `/api`: standard systems under `/api/herm-mbbz`. */
export const standardPlugin: FastifyPluginAsyncZod = async (app) => {
  // A system's own history (its changes and its tree's, written under the system's id): for whoever may read it.
  app.hooks.add(RECORD_HISTORY, 'standard', async (db, actor, id) => {
    if (!/^\d{1,9}$/.test(id)) return false;
    try {
      await systemFor(db, actor, Number(id), 'read');
      return true;
    } catch (e) {
      if (e instanceof AppError) return false;
      throw e;
    }
  });
  await app.register(standardRoutes, { prefix: '/herm-mbbz' });
};
