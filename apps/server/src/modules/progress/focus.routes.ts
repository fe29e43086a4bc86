import { envelope, int32, PROGRESS_MSG, pageOf, TaskCardSchema } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { taskSeenBy } from '../target-task';
import { focusedTaskIds, setFocus } from './focus.repository';
import { focusPage } from './focus.service';
import { Paging, TAGS, WBS } from './progress.http';

/** `/api/herm-zdgj/rest/focus`: follow a task. */
export const focusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/focus',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '关注/取消关注任务 / follow or unfollow a task',
        body: z.object({
          taskId: int32(),
          focus: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(true),
        }),
        response: { 200: envelope(z.object({ taskIds: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await taskSeenBy(app.database.db, actor, req.body.taskId);
      await setFocus(app.database.db, actor.userId, req.body.taskId, req.body.focus);
      return ok(
        { taskIds: await focusedTaskIds(app.database.db, actor.userId) },
        req.body.focus ? PROGRESS_MSG.focused : PROGRESS_MSG.unfocused,
      );
    },
  );
  app.get(
    '/list',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '本人关注的任务id / ids of the tasks I follow',
        response: { 200: envelope(z.object({ taskIds: z.array(z.number().int()) })) },
      },
    },
    async (req) => ok({ taskIds: await focusedTaskIds(app.database.db, actorOf(req).userId) }),
  );
  app.get(
    '/page',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '本人关注的任务（分页） / the tasks I follow, paged',
        querystring: Paging,
        response: { 200: envelope(pageOf(TaskCardSchema)) },
      },
    },
    async (req) => ok(await focusPage(app.database.db, actorOf(req), req.query)),
  );
};
