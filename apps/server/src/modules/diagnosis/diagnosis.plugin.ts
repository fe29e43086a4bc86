import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CYCLE_VALUE_USERS } from '../data-manage';
import { STANDARD_USERS } from '../standard';
import { registerDiagnosisJobs } from './diagnosis.jobs';
import { diagnosisRoutes } from './diagnosis.routes';
import { ROW_COMPUTED } from './diagnosis-hooks';
import { cycleValueUse, taskUsingSystem } from './diagnosis-task.repository';
import { registerBulkJobs } from './object-bulk.jobs';
import { objectBulkRoutes } from './object-bulk.routes';
import { refreshSummariesOfRows } from './quality-analysis.repository';
import { qualityAnalysisRoutes } from './quality-analysis.routes';
import { registerQualityFilePolicy } from './quality-view.policy';
import { qualityViewRoutes } from './quality-view.routes';

/**
 * Registered by app.ts under `/api`: 诊断改进's routes under `/herm-zdgj`, its jobs (a whole task's computation, the
 * daily computation of tasks under way), and what it uses of the lower modules: a standard system a task names
 * versions instead of changing (STANDARD_USERS), a cycle value a task names stays (CYCLE_VALUE_USERS).
 */
export const diagnosisPlugin: FastifyPluginAsyncZod = async (app) => {
  app.hooks.add(STANDARD_USERS, 'diagnosis', async (systemId, db) => {
    const name = await taskUsingSystem(db, systemId);
    return name === null ? null : `诊改任务“${name}”`;
  });
  app.hooks.add(CYCLE_VALUE_USERS, 'diagnosis', async (db, ids) => {
    const out = new Map<number, { n: number; example: string }>();
    for (const r of await cycleValueUse(db, ids)) out.set(r.id, { n: r.n, example: `诊改任务“${r.example}”` });
    return out;
  });
  registerDiagnosisJobs(app);
  await app.register(diagnosisRoutes, { prefix: '/herm-zdgj' });
  // Issue 31: work in bulk (rest/obj lists, jobs, Excel) and 智能分析 (znfx, its summaries refreshed by computations).
  registerBulkJobs(app);
  app.hooks.add(ROW_COMPUTED, 'znfx', async (db, rowIds) => void (await refreshSummariesOfRows(db, rowIds)));
  await app.register(objectBulkRoutes, { prefix: '/herm-zdgj' });
  await app.register(qualityAnalysisRoutes, { prefix: '/herm-znfx' });
  // The monitoring views (issue 31): 分析与改进, a row's attachments ('Quality' files) by stage.
  registerQualityFilePolicy(app.hooks);
  await app.register(qualityViewRoutes, { prefix: '/herm-zdgj' });
};
