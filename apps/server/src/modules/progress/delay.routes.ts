import {
  AuditDelayPageSchema,
  AuditQuerySchema,
  DelayAuditSchema,
  DelayInputSchema,
  DelaySchema,
  envelope,
  PROGRESS_MSG,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { auditDelay, delaysOf, delaysToAudit, requestDelay } from './delay.service';
import { type ProgressPaths, TAGS, TaskId, WBS } from './progress.http';

/** Delay requests (延期) under the given paths. */
export function delayRoutes(paths: ProgressPaths): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.database.db;

    // ---- delays (延期) ----

    app.get(
      paths.delays,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '任务的延期申请 / delay requests of a task',
          querystring: TaskId,
          response: { 200: envelope(z.array(DelaySchema)) },
        },
      },
      async (req) => ok(await delaysOf(db(), actorOf(req), req.query.taskId)),
    );

    app.post(
      paths.requestDelay,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '申请延期（任务负责人） / request a delay',
          body: DelayInputSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await requestDelay(db(), actorOf(req), app.clock, req.body);
        return ok(null, PROGRESS_MSG.submitted);
      },
    );

    app.post(
      paths.auditDelay,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '审核延期申请（任务审核人） / audit a delay request',
          body: DelayAuditSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await auditDelay(db(), actorOf(req), app.clock, req.body);
        return ok(null, PROGRESS_MSG.audited);
      },
    );

    app.get(
      paths.delaysToAudit,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '我审核的任务的延期申请（默认待审核） / delay requests on the tasks I audit',
          querystring: AuditQuerySchema,
          response: { 200: envelope(AuditDelayPageSchema) },
        },
      },
      async (req) => ok(await delaysToAudit(db(), actorOf(req), req.query)),
    );
  };
}
