import { EXCEL_MSG, envelope } from '@zg/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { excelPart, sendXlsx } from './target-task.http';
import { addCharger, exportChargers, importChargers, removeCharger } from './target-task.io';

const ChargerBody = z.object({ bmid: z.string().max(32), fzrid: z.string().max(64) });

/**
 * The writes of the department chargers (add, remove, Excel export and import) at `${base}/insert` and the rest. The
 * spec names the family under both services (herm-wbs departManage/chargers and herm-ndwbs chargers): one handler each.
 */
export function registerChargerWrites(
  app: FastifyInstance,
  base: string,
  tags: string[],
  config: FastifyContextConfig,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  r.post(
    `${base}/insert`,
    {
      config,
      schema: {
        tags,
        summary: '新增部门负责人 / add a charger',
        body: ChargerBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await addCharger(db(), actorOf(req), req.body.bmid, req.body.fzrid);
      return ok(null, '新增成功');
    },
  );
  r.post(
    `${base}/delete`,
    {
      config,
      schema: {
        tags,
        summary: '删除部门负责人 / remove a charger',
        body: ChargerBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await removeCharger(db(), actorOf(req), req.body.bmid, req.body.fzrid);
      return ok(null, '删除成功');
    },
  );
  r.get(
    `${base}/export`,
    {
      config,
      schema: {
        tags,
        summary: '导出部门负责人（xlsx，部门负责人页所列的人，可原样导入） / export chargers',
        querystring: z.object({ bmid: z.string().max(32).optional().describe('只导出该部门 / one department') }),
      },
    },
    async (req, reply) => sendXlsx(reply, '部门负责人.xlsx', await exportChargers(db(), req.query.bmid)),
  );
  r.post(
    `${base}/import`,
    {
      config,
      schema: {
        tags,
        summary: '导入部门负责人（xlsx，部门编号+负责人工号） / import chargers',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (req) => {
      const { buf } = await excelPart(req);
      const { count, kept } = await importChargers(db(), actorOf(req), buf);
      return ok({ count }, EXCEL_MSG.chargersImported(count, kept));
    },
  );
}
