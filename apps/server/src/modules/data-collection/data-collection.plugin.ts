import { COLLECTION_MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerWarehouseTableUser, type WarehouseTableUser } from '../data-manage';
import { collectionAbilityRoutes } from './abilities.routes';
import { formsOnTable } from './data-collection.repository';
import { dataCollectionRoutes } from './data-collection.routes';
import { registerFillTaskFilePolicy } from './fill.service';

/** Why a warehouse table's physical table may not be dropped: a collection form writes into it. */
const formsWriting: WarehouseTableUser = async (tx, table) => {
  const names = await formsOnTable(tx, table.id);
  return names.length ? COLLECTION_MSG.tableUsedByForms(names) : null;
};

/** Registered by app.ts under `/api`: data collection under `/api/herm-sjcj`. */
export const dataCollectionPlugin: FastifyPluginAsyncZod = async (app) => {
  registerWarehouseTableUser(formsWriting);
  registerFillTaskFilePolicy();
  await app.register(collectionAbilityRoutes, { prefix: '/herm-sjcj' });
  await app.register(dataCollectionRoutes, { prefix: '/herm-sjcj' });
};
