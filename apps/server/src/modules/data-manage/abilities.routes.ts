import { DATA_MANAGE_API as API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { dataManageAbilities, WAREHOUSE_ROLES } from './data-manage.policy';

/** `/api/herm-sjgl/abilities`: what the 数据管理 page may offer the user, asked by whoever has the menu. */
export const dataManageAbilityRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.abilities, { menus: ['dataManagement'], roles: WAREHOUSE_ROLES }, async (req) =>
    ok(dataManageAbilities(actorOf(req))),
  );
};
