import { DIAGNOSIS_BULK_MSG as B, BULK_ACTION_NAMES, type BulkAction, type BulkJob } from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/access';
import { JobFailed } from '../../platform/jobs';
import { presentJob, readJob } from '../../platform/tracked-jobs';
import { applyBulk, BulkRefused, planBulk } from './object-bulk.service';
import { refreshSummaries } from './quality-analysis.repository';

/**
 * asyncupdateuplist / asyncupdatedownlist: a bulk action as a tracked job (platform/jobs.ts): any worker runs it in one
 * transaction (checked first: a refusal fails the job with the refused object tasks as its report, nothing applied),
 * its progress (object tasks done of all) in the jobs row, polled from any worker (rest/obj/asyncupdate/job).
 */

export const BULK_JOB = 'diagnosis.bulk';

interface BulkPayload {
  action: BulkAction;
  ids: number[];
}

export function registerBulkJobs(app: FastifyInstance) {
  app.jobs.register(
    BULK_JOB,
    async ({ action, ids }: BulkPayload, ctx) => {
      const actor = await ctx.actor();
      const db = app.database.db;
      ctx.progress({ step: B.checkStep, done: 0, total: ids.length });
      const result = await db.transaction(async (tx) => {
        const plan = await planBulk(tx, actor, action, ids);
        if (plan.refused.length) {
          const refusal = new BulkRefused(action, plan.refused);
          throw new JobFailed(refusal.message, { refused: plan.refused });
        }
        return applyBulk(tx, actor, action, plan, (done, total) =>
          ctx.progress({ step: B.jobStep(BULK_ACTION_NAMES[action]), done, total }),
        );
      });
      await refreshSummaries(db, ids);
      return { result, message: B.done(BULK_ACTION_NAMES[action], result.n) };
    },
    { whenLost: 'interrupt' },
  );
}

/** Starts a bulk job (one unfinished per user). */
export async function startBulk(app: FastifyInstance, actor: Actor, action: BulkAction, ids: number[]) {
  const id = await app.jobs.start(BULK_JOB, {
    owner: actor,
    payload: { action, ids: [...new Set(ids)] } satisfies BulkPayload,
    exclusive: { key: `bulk:${actor.userId}`, message: B.underWay },
  });
  return { id };
}

export async function bulkJob(app: FastifyInstance, actor: Actor, id: string): Promise<BulkJob> {
  return presentJob(await readJob<BulkJob['result'], BulkJob['report']>(app.database.db, actor, id, BULK_JOB));
}
