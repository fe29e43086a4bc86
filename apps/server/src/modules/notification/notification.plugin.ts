import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerDigestJob } from './notification.jobs';
import { notificationRoutes } from './notification.routes';

/** Registered by app.ts under `/api`: the centre's calls (NOTIFICATION_API) and the daily digest job. */
export const notificationPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(notificationRoutes, { prefix: '/notification' });
  registerDigestJob(app);
};
