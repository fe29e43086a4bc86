import { DATA_COLLECTION_API as API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { COLLECTION_ROLES, collectionAbilities } from './data-collection.policy';

/** `/api/herm-sjcj/abilities`: which admin tabs the 数据采集 page may offer, asked by whoever has the menu. */
export const collectionAbilityRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.abilities, { menus: ['dataCollection'], roles: COLLECTION_ROLES }, async (req) =>
    ok(collectionAbilities(actorOf(req))),
  );
};
