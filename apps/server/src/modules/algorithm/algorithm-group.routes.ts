import { ALGORITHM_API as API, ALGORITHM_MSG as M } from '@zg/contract';
import { actorOf } from '../../platform/access';
import { serve, type ZodApp } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { KEEP, READ } from './algorithm.policy';
import { createGroup, editGroup, groupTree, removeGroup } from './algorithm-group.service';

/** `/api/herm-sjgl/algorithmGroup`: the group tree and its changes. */
export function registerGroupRoutes(app: ZodApp) {
  const db = () => app.database.db;
  serve(app, API.groupTree, READ, async () => ok(await groupTree(db())));
  serve(app, API.groupInsert, KEEP, async (req) => ok(await createGroup(db(), actorOf(req), req.body), M.created));
  serve(app, API.groupUpdate, KEEP, async (req) => ok(await editGroup(db(), actorOf(req), req.body), M.saved));
  serve(app, API.groupDelete, KEEP, async (req) => {
    await removeGroup(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });
}
