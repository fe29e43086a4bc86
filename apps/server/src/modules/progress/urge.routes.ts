import { PROGRESS_MSG, type ProgressSharedApi } from '@zg/contract';
import { actorOf } from '../../platform/access';
import { serve, type ZodApp } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { WBS } from './progress.http';
import { acceptUrge, pendingUrges, urgeDepartmentList, urgeDepartments, urgesPage, urgeTask } from './urge.service';

/** Urges (督办) of either service: of a year target's departments and of a warned task. */
export function registerUrgeRoutes(app: ZodApp, api: ProgressSharedApi) {
  const db = () => app.database.db;
  serve(app, api.urgeDepartments, WBS, async (req) =>
    ok(await urgeDepartmentList(db(), actorOf(req), req.query.yearTargetId)),
  );
  serve(app, api.urgeBatch, WBS, async (req) => {
    const ids = await urgeDepartments(db(), actorOf(req), app.clock, req.body);
    return ok({ ids }, PROGRESS_MSG.urgeSent(ids.length));
  });
  serve(app, api.urges, WBS, async (req) =>
    ok(
      await urgesPage(db(), actorOf(req), {
        ...req.query,
        mine: req.query.mine === 'true',
        type: req.query.type === undefined ? undefined : (Number(req.query.type) as 0 | 1),
      }),
    ),
  );
  serve(app, api.pendingUrges, { session: true }, async (req) => ok(await pendingUrges(db(), actorOf(req))));
  serve(app, api.urgeTask, WBS, async (req) =>
    ok({ id: await urgeTask(db(), actorOf(req), app.clock, req.body) }, PROGRESS_MSG.urgeSent(1)),
  );
  serve(app, api.acceptUrge, WBS, async (req) => {
    await acceptUrge(db(), actorOf(req), app.clock, req.body.id);
    return ok(null, PROGRESS_MSG.urgeAccepted);
  });
}
