import {
  envelope,
  int32,
  listOf,
  PagingQuerySchema,
  TABLE_CONFIG_MSG,
  TableConfigInsertSchema,
  TableConfigListItemSchema,
  TableConfigSchema,
  TableConfigUpdateSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import {
  createTableConfig,
  getTableConfig,
  listTableConfigs,
  removeTableConfig,
  saveTableConfig,
} from './table-config.service';

const TAGS = ['表格配置'];
/**
 * Collection forms belong to data collection; administrators reach them from data management. Everyone with either
 * menu reads every configuration; only its creator or an administrator changes it (table-config.policy.ts).
 */
const FORMS = { access: { menus: ['dataCollection', 'dataManagement'] } } as const;
const Id = z.object({ id: int32().positive() });

/** `/api/herm-sjcj/tableConfiguration`: table layouts of collection forms (spec-1 section 2). */
export const tableConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/tableConfiguration/list',
    {
      config: FORMS,
      schema: {
        tags: TAGS,
        summary: '表格配置列表（分页） / table configurations, paged',
        querystring: PagingQuerySchema,
        response: { 200: envelope(listOf(TableConfigListItemSchema)) },
      },
    },
    async (req) => ok(await listTableConfigs(db(), actorOf(req), req.query)),
  );

  app.get(
    '/tableConfiguration/:id',
    {
      config: FORMS,
      schema: {
        tags: TAGS,
        summary: '表格配置 / one table configuration',
        params: Id,
        response: { 200: envelope(TableConfigSchema) },
      },
    },
    async (req) => ok(await getTableConfig(db(), actorOf(req), req.params.id)),
  );

  app.post(
    '/tableConfiguration/insert',
    {
      config: FORMS,
      schema: {
        tags: TAGS,
        summary: '新建表格配置 / create a table configuration',
        body: TableConfigInsertSchema,
        response: { 200: envelope(TableConfigSchema) },
      },
    },
    async (req) => ok(await createTableConfig(db(), actorOf(req), req.body), TABLE_CONFIG_MSG.created),
  );

  app.post(
    '/tableConfiguration/update',
    {
      config: FORMS,
      schema: {
        tags: TAGS,
        summary: '保存表格配置（整体，带版本号） / save a table configuration, whole, versioned',
        body: TableConfigUpdateSchema,
        response: { 200: envelope(TableConfigSchema) },
      },
    },
    async (req) => ok(await saveTableConfig(db(), actorOf(req), req.body), TABLE_CONFIG_MSG.saved),
  );

  app.post(
    '/tableConfiguration/:id/delete',
    {
      config: FORMS,
      schema: {
        tags: TAGS,
        summary: '删除表格配置 / delete a table configuration',
        params: Id,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await removeTableConfig(db(), actorOf(req), req.params.id);
      return ok(null, TABLE_CONFIG_MSG.deleted);
    },
  );
};
