import { SYSTEM_MSG as M, USER_IMPORT_STEPS, type UserImportReport } from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, xlsxLimits } from '../../platform/excel';
import { JobFailed } from '../../platform/jobs';
import { presentJob, readJob } from '../../platform/tracked-jobs';
import { importUsers } from './user-excel';
import type { ImportMode } from './user-import.rules';

/**
 * The user import runs as a tracked job (docs/ARCHITECTURE.md "Jobs"): a school's staff list is thousands of rows and
 * the check and write take seconds, so the upload is kept in the job's row and any worker runs it and answers the
 * poll. All or nothing: a worker that dies mid-import takes its transaction with it, so the job is marked
 * interrupted, never run a second time behind the administrator's back. One unfinished import per administrator.
 */
export const USER_IMPORT_JOB = 'user.import';

interface Payload {
  mode: ImportMode;
  /** The initial password's argon2 hash (the password itself is never stored in the job row). */
  passwordHash: string;
}

export function registerUserImportJob(app: FastifyInstance) {
  app.jobs.register(
    USER_IMPORT_JOB,
    async (payload: Payload, ctx) => {
      const actor = await ctx.actor();
      const bytes = await ctx.input();
      if (!bytes) throw new JobFailed(M.importJobNotFound);
      const upload: ExcelUpload = { bytes, limits: xlsxLimits(app.config) };
      ctx.progress({ step: USER_IMPORT_STEPS.reading });
      const errors = new ImportErrors();
      try {
        const result = await importUsers(
          app.database.db,
          actor,
          upload,
          {
            ...payload,
            onProgress: (step, done, total) => ctx.progress({ step: USER_IMPORT_STEPS[step], done, total }),
          },
          errors,
        );
        return { result, message: M.importDone(result.created + result.updated) };
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        const report: UserImportReport = { errorCount: errors.count, errors: errors.report };
        throw new JobFailed(err.message, report);
      }
    },
    { whenLost: 'interrupt' },
  );
}

export function startUserImport(app: FastifyInstance, actor: Actor, upload: ExcelUpload, payload: Payload) {
  return app.jobs.start(USER_IMPORT_JOB, {
    owner: actor,
    payload,
    input: upload.bytes,
    exclusive: { key: `user-import:${actor.userId}`, message: M.importBusy },
  });
}

export async function userImportJob(app: FastifyInstance, actor: Actor, id: string) {
  return presentJob(
    await readJob<{ created: number; updated: number }, UserImportReport>(
      app.database.db,
      actor,
      id,
      USER_IMPORT_JOB,
      M.importJobNotFound,
    ),
  );
}
