import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataCollectionRoutes } from './data-collection.routes';

/** Registered by app.ts under `/api`: data collection under `/api/herm-sjcj`. */
export const dataCollectionPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(dataCollectionRoutes, { prefix: '/herm-sjcj' });
};
