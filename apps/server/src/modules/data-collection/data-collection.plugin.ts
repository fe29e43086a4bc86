import { COLLECTION_MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WAREHOUSE_TABLE_USERS, type WarehouseTableUser } from '../data-manage';
import { collectionAbilityRoutes } from './abilities.routes';
import { registerCollectionJobs } from './data-collection.jobs';
import { registerFillTaskFilePolicy, registerFillTaskHistory } from './data-collection.policy';
import { dataCollectionRoutes } from './data-collection.routes';
import { formsOnTable } from './form.repository';

/** Why a warehouse table's physical table may not be dropped: a collection form writes into it. */
const formsWriting: WarehouseTableUser = async (tx, table) => {
  const names = await formsOnTable(tx, table.id);
  return names.length ? COLLECTION_MSG.tableUsedByForms(names) : null;
};

/** Registered by app.ts under `/api`: data collection under `/api/herm-sjcj`. */
export const dataCollectionPlugin: FastifyPluginAsyncZod = async (app) => {
  app.hooks.add(WAREHOUSE_TABLE_USERS, 'data-collection', formsWriting);
  registerFillTaskFilePolicy(app.hooks);
  registerFillTaskHistory(app.hooks);
  await app.register(collectionAbilityRoutes, { prefix: '/herm-sjcj' });
  await app.register(dataCollectionRoutes, { prefix: '/herm-sjcj' });
  registerCollectionJobs(app);
};
