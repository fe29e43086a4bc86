import { ALGORITHM_API as API, pageReply } from '@zg/contract';
import { actorOf } from '../../platform/access';
import { serve, type ZodApp } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { KEEP, READ } from './algorithm.policy';
import { runDetail, runPage } from './algorithm-lineage.service';
import { checkOnly, computeResult, computeResults, runAgain, testByObject } from './algorithm-run.service';

/** 检查, 测试, 计算结果, 批量计算 (through the instance's runner, `app.algorithms`), and the lineage runs. */
export function registerRunRoutes(app: ZodApp) {
  const db = () => app.database.db;
  const runner = () => app.algorithms;
  serve(app, API.check, KEEP, async (req) => ok(await checkOnly(db(), actorOf(req), req.body.sql, req.body.sjyid)));
  serve(app, API.testByObject, KEEP, async (req) => ok(await testByObject(runner(), actorOf(req), req.body)));
  serve(app, API.testResult, KEEP, async (req) => ok(await computeResult(runner(), actorOf(req), req.body)));
  serve(app, API.testResultBatch, KEEP, async (req) => ok(await computeResults(runner(), actorOf(req), req.body)));

  serve(app, API.runPage, READ, async (req) => {
    const { records, total } = await runPage(db(), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.runGet, READ, async (req) => ok(await runDetail(db(), req.query.id)));
  serve(app, API.runAgain, KEEP, async (req) => ok(await runAgain(runner(), actorOf(req), req.params.id)));
}
