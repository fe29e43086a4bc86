import { PROGRESS_API as API, PROGRESS_MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { taskSeenBy } from '../target-task';
import { focusedTaskIds, setFocus } from './focus.repository';
import { focusPage } from './focus.service';
import { WBS } from './progress.http';

/** `/api/herm-zdgj/rest/focus`: follow a task. */
export const focusRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.focus, WBS, async (req) => {
    const actor = actorOf(req);
    await taskSeenBy(app.database.db, actor, req.body.taskId);
    await setFocus(app.database.db, actor.userId, req.body.taskId, req.body.focus);
    return ok(
      { taskIds: await focusedTaskIds(app.database.db, actor.userId) },
      req.body.focus ? PROGRESS_MSG.focused : PROGRESS_MSG.unfocused,
    );
  });
  serve(app, API.focused, WBS, async (req) =>
    ok({ taskIds: await focusedTaskIds(app.database.db, actorOf(req).userId) }),
  );
  serve(app, API.focusPage, WBS, async (req) => ok(await focusPage(app.database.db, actorOf(req), req.query)));
};
