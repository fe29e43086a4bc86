import {
  envelope,
  int32,
  PROGRESS_MSG,
  UrgeBatchInputSchema,
  UrgeDepartmentSchema,
  UrgeListQuerySchema,
  UrgePageSchema,
  UrgeSchema,
  WarningUrgeInputSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { Id, TAGS, WBS } from './progress.http';
import { acceptUrge, pendingUrges, urgeDepartmentList, urgeDepartments, urgesPage, urgeTask } from './urge.service';

/** Urges (督办): of a year target's departments and of a warned task. */
export function urgeRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.database.db;

    // ---- urges (督办) ----

    app.get(
      '/yearTargetUrge/departments',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '年度目标下各部门的状况（可督办：1 目标未设定 2 目标未分解） / departments of a year target',
          querystring: z.object({ yearTargetId: int32() }),
          response: { 200: envelope(z.array(UrgeDepartmentSchema)) },
        },
      },
      async (req) => ok(await urgeDepartmentList(db(), actorOf(req), req.query.yearTargetId)),
    );
    app.post(
      '/yearTargetUrge/batchInsert',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '督办部门（逐个或批量） / urge departments',
          body: UrgeBatchInputSchema,
          response: { 200: envelope(z.object({ ids: z.array(z.number().int()) })) },
        },
      },
      async (req) => {
        const ids = await urgeDepartments(db(), actorOf(req), app.clock, req.body);
        return ok({ ids }, PROGRESS_MSG.urgeSent(ids.length));
      },
    );
    app.get(
      '/yearTargetUrge/list',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '督办记录：mine=true 为本人负责部门收到的 / urges (mine: received by my departments)',
          querystring: UrgeListQuerySchema,
          response: { 200: envelope(UrgePageSchema) },
        },
      },
      async (req) =>
        ok(
          await urgesPage(db(), actorOf(req), {
            ...req.query,
            mine: req.query.mine === 'true',
            type: req.query.type === undefined ? undefined : (Number(req.query.type) as 0 | 1),
          }),
        ),
    );
    app.get(
      '/yearTargetUrge/pending',
      {
        config: { access: { session: true } },
        schema: {
          tags: TAGS,
          summary: '本人负责部门待接收的督办（首页显示，接收后消失） / pending urges for the home page',
          response: { 200: envelope(z.array(UrgeSchema)) },
        },
      },
      async (req) => ok(await pendingUrges(db(), actorOf(req))),
    );
    app.post(
      '/warningUrge/addUrge',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '对预警任务的负责部门督办 / urge the department of a warned task',
          body: WarningUrgeInputSchema,
          response: { 200: envelope(z.object({ id: z.number().int() })) },
        },
      },
      async (req) => ok({ id: await urgeTask(db(), actorOf(req), app.clock, req.body) }, PROGRESS_MSG.urgeSent(1)),
    );
    app.post(
      '/warningUrge/acceptUrge',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '接收督办（被督办部门负责人） / accept an urge',
          body: Id,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await acceptUrge(db(), actorOf(req), app.clock, req.body.id);
        return ok(null, PROGRESS_MSG.urgeAccepted);
      },
    );
  };
}
