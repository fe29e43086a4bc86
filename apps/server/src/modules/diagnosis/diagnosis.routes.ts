import { DIAGNOSIS_API as API, listReply, DIAGNOSIS_MSG as M } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { computeObjectTask, rowLineage, rowSamples } from './computation.service';
import { calculationJob, futureTaskResult, startTaskCalculation } from './diagnosis.jobs';
import { audit, auditTrail, submitTargets } from './diagnosis-audit.service';
import { announceRows } from './diagnosis-hooks';
import {
  countTasks,
  editTask,
  listTasks,
  moveTask,
  publishTask,
  removeTasks,
  taskDetail,
} from './diagnosis-task.service';
import {
  addObjects,
  calScore,
  changeCharger,
  diagnoseAgain,
  listObjects,
  objectDetail,
  refreshTarget,
  removeObjects,
  scoreResult,
  setAuthority,
  todoCounts,
} from './object-task.service';
import {
  collectors,
  enterResults,
  issueDown,
  removeCollector,
  revise,
  rowDetail,
  rowList,
  saveTargets,
} from './quality-row.service';

/** 诊断改进 reaches every route; the records are checked in the services (diagnosis.policy.ts). */
const IMPROVEMENT = { menus: ['improvement'] } as const;

/** `/api/herm-zdgj`: diagnosis tasks, object tasks, rows, audits, computation, samples and lineage (DIAGNOSIS_API). */
export const diagnosisRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const A = IMPROVEMENT;

  // ---- tasks ----
  serve(app, API.taskDetail, A, async (req) => ok(await taskDetail(db(), actorOf(req), req.query.id)));
  serve(app, API.taskList, A, async (req) => {
    const q = req.query;
    const { list, total } = await listTasks(db(), actorOf(req), {
      name: q.rwmc,
      state: q.rwzt,
      year: q.nf,
      userType: q.userType,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
    return ok(listReply(list, total, q));
  });
  serve(app, API.taskCounts, A, async (req) =>
    ok(
      await countTasks(db(), actorOf(req), { name: req.query.rwmc, year: req.query.nf, userType: req.query.userType }),
    ),
  );
  serve(app, API.taskInsert, A, async (req) => {
    const t = await publishTask(db(), actorOf(req), req.body);
    return ok(t, M.published(t.dxsl));
  });
  serve(app, API.taskUpdate, A, async (req) => ok(await editTask(db(), actorOf(req), req.body), M.updated));
  serve(app, API.tasksDelete, A, async (req) => {
    await removeTasks(db(), actorOf(req), req.body.ids);
    return ok(null, M.deleted);
  });
  serve(app, API.taskPause, A, async (req) => ok(await moveTask(db(), actorOf(req), req.body.id, 'pause'), M.paused));
  serve(app, API.taskResume, A, async (req) =>
    ok(await moveTask(db(), actorOf(req), req.body.id, 'resume'), M.resumed),
  );
  serve(app, API.taskFinish, A, async (req) =>
    ok(await moveTask(db(), actorOf(req), req.body.id, 'finish'), M.finished),
  );
  serve(app, API.taskCalculate, A, async (req) => ok(await startTaskCalculation(app, actorOf(req), req.body.id)));
  serve(app, API.taskCalculateJob, A, async (req) => ok(await calculationJob(app, actorOf(req), req.query.id)));
  serve(app, API.futureTaskResult, A, async (req) => ok(await futureTaskResult(app, actorOf(req), req.query.rwid)));
  serve(app, API.doneFutureTask, A, async (req) => ok(await startTaskCalculation(app, actorOf(req), req.body.rwid)));

  // ---- object tasks ----
  serve(app, API.objectPage, A, async (req) => {
    const q = req.query;
    const { list, total } = await listObjects(db(), actorOf(req), {
      taskId: q.rwid,
      name: q.gzdxmc,
      userType: q.userType,
      state: q.state,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
    return ok(listReply(list, total, q));
  });
  serve(app, API.objectAuditQueue, A, async (req) => {
    const q = req.query;
    const { list, total } = await listObjects(db(), actorOf(req), {
      taskId: q.rwid,
      auditStage: q.shjd ?? 'any',
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
    return ok(listReply(list, total, q));
  });
  serve(app, API.todo, A, async (req) => ok(await todoCounts(db(), actorOf(req))));
  serve(app, API.objectDetail, A, async (req) => ok(await objectDetail(db(), actorOf(req), req.query.id)));
  serve(app, API.objectInsert, A, async (req) => ok(await addObjects(db(), actorOf(req), req.body), M.added));
  serve(app, API.objectDelete, A, async (req) => {
    await removeObjects(db(), actorOf(req), [req.params.id]);
    return ok(null, M.deleted);
  });
  serve(app, API.objectsDelete, A, async (req) => {
    await removeObjects(db(), actorOf(req), req.body.ids);
    return ok(null, M.deleted);
  });
  serve(app, API.objectAgain, A, async (req) => {
    const o = await diagnoseAgain(db(), actorOf(req), req.body.id);
    return ok(o, M.againStarted(o.lc));
  });
  serve(app, API.objectAuthority, A, async (req) =>
    ok(await setAuthority(db(), actorOf(req), req.body), M.authoritySaved),
  );
  serve(app, API.objectRefresh, A, async (req) => {
    const r = await refreshTarget(db(), actorOf(req), req.body.id);
    return ok(r, M.refreshed(r.bzbb));
  });
  serve(app, API.objectScore, A, async (req) =>
    ok(await calScore(db(), actorOf(req), req.body.id, app.clock.now()), M.scored),
  );
  serve(app, API.scoreResult, A, async (req) => ok(await scoreResult(db(), actorOf(req), req.query.dxrwid)));
  serve(app, API.chargerUpdate, A, async (req) => {
    await changeCharger(db(), actorOf(req), req.body);
    return ok(null, M.chargerChanged);
  });

  // ---- rows ----
  serve(app, API.rows, A, async (req) => ok(await rowList(db(), actorOf(req), req.query)));
  serve(app, API.row, A, async (req) => ok(await rowDetail(db(), actorOf(req), req.query.id)));
  serve(app, API.targetsSave, A, async (req) =>
    ok(await saveTargets(db(), actorOf(req), req.body), req.body.commit ? M.submitted : M.saved),
  );
  serve(app, API.targetsIssueDown, A, async (req) => ok(await issueDown(db(), actorOf(req), req.body), M.issuedDown));
  serve(app, API.reviseTarget, A, async (req) => {
    await revise(db(), actorOf(req), 'xzmbz', req.body);
    return ok(null, M.submitted);
  });
  serve(app, API.reviseResult, A, async (req) => {
    await revise(db(), actorOf(req), 'xzjgz', req.body);
    return ok(null, M.submitted);
  });
  serve(app, API.resultsEnter, A, async (req) => {
    const ids = await enterResults(db(), actorOf(req), app.clock.now(), req.body);
    await announceRows(app.hooks, db(), ids);
    return ok(null, M.saved);
  });
  serve(app, API.collectors, A, async (req) => ok(await collectors(db(), actorOf(req), req.body.dxrwid)));
  serve(app, API.collectorRemove, A, async (req) => {
    await removeCollector(db(), actorOf(req), req.body);
    return ok(null, M.deleted);
  });
  serve(app, API.calculate, A, async (req) => {
    const s = await computeObjectTask(app, actorOf(req), req.body.dxrwid);
    return ok(s, M.computed(s.computed, s.failed));
  });
  serve(app, API.samples, A, async (req) => ok(await rowSamples(db(), actorOf(req), req.query)));
  serve(app, API.lineage, A, async (req) => ok(await rowLineage(db(), actorOf(req), req.query)));

  // ---- audits ----
  serve(app, API.auditSubmit, A, async (req) =>
    ok(await submitTargets(db(), actorOf(req), req.body.dxrwid), M.submitted),
  );
  serve(app, API.auditPass, A, async (req) => ok(await audit(db(), actorOf(req), true, req.body), M.audited));
  serve(app, API.auditRefuse, A, async (req) => ok(await audit(db(), actorOf(req), false, req.body), M.audited));
  serve(app, API.auditDynamic, A, async (req) => ok(await auditTrail(db(), actorOf(req), req.query.dxrwid)));
};
