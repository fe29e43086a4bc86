import { ALGORITHM_API as API, ALGORITHM_MSG as M, pageReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { ALGORITHM_ROLES } from './algorithm.policy';
import {
  algorithmAt,
  algorithmDetail,
  algorithmPage,
  checkOnly,
  computeResult,
  computeResults,
  createAlgorithm,
  createGroup,
  editAlgorithm,
  editGroup,
  groupTree,
  makeCurrent,
  type RunContext,
  removeAlgorithm,
  removeGroup,
  removeVersion,
  runAgain,
  runDetail,
  runPage,
  testByObject,
  versionDetail,
  versionList,
} from './algorithm.service';

/** Reading algorithms: whoever has the 数据管理 menu, and the keepers. */
const READ = { menus: ['dataManagement'], roles: ALGORITHM_ROLES } as const;
/** Writing, testing and computing them: administrators and the data office. */
const KEEP = { roles: ALGORITHM_ROLES } as const;

/** `/api/herm-sjgl`: algorithm groups, algorithms, versions and lineage (ALGORITHM_API). */
export const algorithmRoutes = (run: () => RunContext): FastifyPluginAsyncZod =>
  async function routes(app) {
    const db = () => app.database.db;

    // ---- groups ----
    serve(app, API.groupTree, READ, async () => ok(await groupTree(db())));
    serve(app, API.groupInsert, KEEP, async (req) => ok(await createGroup(db(), actorOf(req), req.body), M.created));
    serve(app, API.groupUpdate, KEEP, async (req) => ok(await editGroup(db(), actorOf(req), req.body), M.saved));
    serve(app, API.groupDelete, KEEP, async (req) => {
      await removeGroup(db(), actorOf(req), req.params.id);
      return ok(null, M.deleted);
    });

    // ---- algorithms ----
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
    serve(app, API.check, KEEP, async (req) => ok(await checkOnly(db(), actorOf(req), req.body.sql, req.body.sjyid)));
    serve(app, API.testByObject, KEEP, async (req) => ok(await testByObject(run(), actorOf(req), req.body)));
    serve(app, API.testResult, KEEP, async (req) => ok(await computeResult(run(), actorOf(req), req.body)));
    serve(app, API.testResultBatch, KEEP, async (req) => ok(await computeResults(run(), actorOf(req), req.body)));

    // ---- versions ----
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

    // ---- lineage ----
    serve(app, API.runPage, READ, async (req) => {
      const { records, total } = await runPage(db(), req.query);
      return ok(pageReply(records, total, req.query));
    });
    serve(app, API.runGet, READ, async (req) => ok(await runDetail(db(), req.query.id)));
    serve(app, API.runAgain, KEEP, async (req) => ok(await runAgain(run(), actorOf(req), req.params.id)));
  };
