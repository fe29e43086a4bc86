import { ALGORITHM_API as API, ALGORITHM_MSG as M, pageReply } from '@zg/contract';
import { actorOf } from '../../platform/access';
import { serve, type ZodApp } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { KEEP, READ } from './algorithm.policy';
import {
  algorithmAt,
  algorithmDetail,
  algorithmPage,
  createAlgorithm,
  editAlgorithm,
  removeAlgorithm,
} from './algorithm.service';
import { groupTree } from './algorithm-group.service';
import { makeCurrent, removeVersion, versionDetail, versionList } from './algorithm-version.service';

/** `/api/herm-sjgl/algorithmContent` and `/algorithmVersion`: algorithms and their versions. */
export function registerAlgorithmRoutes(app: ZodApp) {
  const db = () => app.database.db;
  serve(app, API.algorithmTree, READ, async () => ok(await groupTree(db(), true)));
  serve(app, API.algorithmPage, READ, async (req) => {
    const { records, total } = await algorithmPage(db(), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.algorithmGet, READ, async (req) => ok(await algorithmDetail(db(), req.query.id)));
  serve(app, API.algorithmDetail, READ, async (req) => ok(await algorithmAt(db(), req.query)));
  serve(app, API.algorithmInsert, KEEP, async (req) =>
    ok(await createAlgorithm(db(), actorOf(req), req.body), M.created),
  );
  serve(app, API.algorithmUpdate, KEEP, async (req) => {
    const { algorithm, newVersion } = await editAlgorithm(db(), actorOf(req), req.body);
    return ok(algorithm, newVersion === null ? M.saved : M.savedNewVersion(newVersion));
  });
  serve(app, API.algorithmDelete, KEEP, async (req) => {
    await removeAlgorithm(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });

  serve(app, API.versionList, READ, async (req) => ok(await versionList(db(), req.query.sfid)));
  serve(app, API.versionGet, READ, async (req) => ok(await versionDetail(db(), req.query.id)));
  serve(app, API.versionSetCurrent, KEEP, async (req) => {
    const { algorithm, number } = await makeCurrent(db(), actorOf(req), req.params.id);
    return ok(algorithm, M.currentSet(number));
  });
  serve(app, API.versionDelete, KEEP, async (req) => {
    await removeVersion(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });
}
