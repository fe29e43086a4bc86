import { IMPORT_STEPS, type ImportReport, DATA_MANAGE_MSG as M } from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, xlsxLimits } from '../../platform/excel';
import { JobFailed } from '../../platform/jobs';
import { presentJob, readJob } from '../../platform/tracked-jobs';
import { countDataRows, importRows, importTarget } from './warehouse-data.service';

/**
 * Data imports run in the background (spec-2 §7.8 getFutureTaskResult) as a tracked job (platform/jobs.ts): the
 * upload is checked and kept in the job's row, a job id is answered at once, and whichever worker claims the job
 * counts the sheet's rows, then imports them all or nothing (importRows, one transaction), reporting the rows read
 * so far; its starter (or an administrator) polls it on any worker. One unfinished import per user. A worker that dies
 * mid-import takes its transaction with it (nothing imported), and the job is marked interrupted, not run again: the
 * starter sees 已中断 and imports the file again.
 */

export const IMPORT_JOB = 'data-manage.warehouse-import';

interface ImportPayload {
  tableId: number;
}

/** The import's handler, in every worker (data-manage.plugin.ts). */
export function registerImportJob(app: FastifyInstance) {
  app.jobs.register(
    IMPORT_JOB,
    async ({ tableId }: ImportPayload, ctx) => {
      const actor = await ctx.actor();
      const bytes = await ctx.input();
      if (!bytes) throw new JobFailed(M.importJobNotFound);
      const upload: ExcelUpload = { bytes, limits: xlsxLimits(app.config) };
      const db = app.database.db;
      const { width } = await importTarget(db, actor, tableId);
      ctx.progress({ step: IMPORT_STEPS.counting });
      const total = await countDataRows(upload, width);
      ctx.progress({ step: IMPORT_STEPS.importing, total, done: 0 });
      const errors = new ImportErrors();
      try {
        const count = await importRows(db, app.hooks, actor, tableId, upload, {
          errors,
          onRow: (done) => ctx.progress({ done }),
        });
        ctx.progress({ done: count });
        return { result: { count }, message: M.imported(count) };
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        const report: ImportReport = { errorCount: errors.count, errors: errors.report };
        throw new JobFailed(err.message, report);
      }
    },
    { whenLost: 'interrupt' },
  );
}

/**
 * Starts an import of `upload` into table `id` for `actor`, after the checks a synchronous import makes first
 * (permission, table, physical table); one unfinished import per user.
 */
export async function startImport(app: FastifyInstance, actor: Actor, id: number, upload: ExcelUpload) {
  await importTarget(app.database.db, actor, id);
  return app.jobs.start(IMPORT_JOB, {
    owner: actor,
    payload: { tableId: id } satisfies ImportPayload,
    input: upload.bytes,
    exclusive: { key: actor.userId, message: M.importJobBusy },
  });
}

/** The import as its starter (or an administrator) sees it, from any worker. */
export async function importJob(app: FastifyInstance, actor: Actor, id: string) {
  return presentJob(
    await readJob<{ count: number }, ImportReport>(app.database.db, actor, id, IMPORT_JOB, M.importJobNotFound),
  );
}
