import { randomUUID } from 'node:crypto';
import { type ImportJob, type ImportJobState, DATA_MANAGE_MSG as M } from '@zg/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { AppError, conflict, notFound } from '../../platform/errors';
import { type ExcelUpload, ImportErrors } from '../../platform/excel';
import type { Hooks } from '../../platform/hooks';
import { countDataRows, importRows, importTarget } from './warehouse-data.service';

/**
 * Data imports run in the background (spec-2 §7.8 getFutureTaskResult): the upload is checked and kept, a job id is
 * answered at once, and the job counts the sheet's rows, then imports them all or nothing (importRows, one
 * transaction), reporting the rows read so far; its starter polls it. Jobs live in this process's memory: a finished
 * job is kept KEEP_MS for its result, then forgotten; a restart forgets them all (the transaction of a running one
 * rolls back with the connection).
 */

const KEEP_MS = 30 * 60 * 1000;

interface Job {
  id: string;
  owner: string;
  tableId: number;
  state: ImportJobState;
  processed: number;
  total: number | null;
  count: number | null;
  message: string | null;
  errors: ImportErrors;
  finishedAt: number | null;
  run: Promise<void>;
}

/** The percentage shown: rows read over rows in the file, 100 when done (a failed job stays where it stopped). */
export function percentOf(job: Pick<Job, 'state' | 'processed' | 'total'>): number {
  if (job.state === 'done') return 100;
  if (!job.total) return 0;
  return Math.min(99, Math.floor((job.processed / job.total) * 100));
}

export class ImportJobs {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly db: () => Db,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: Hooks,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts an import of `upload` into table `id` for `actor`, after the checks a synchronous import makes first
   * (permission, table, physical table); one running import per user.
   */
  async start(actor: Actor, id: number, upload: ExcelUpload): Promise<string> {
    this.forgetOld();
    const { width } = await importTarget(this.db(), actor, id);
    for (const j of this.jobs.values())
      if (j.owner === actor.userId && (j.state === 'counting' || j.state === 'importing'))
        throw conflict(M.importJobBusy);
    const job: Job = {
      id: randomUUID(),
      owner: actor.userId,
      tableId: id,
      state: 'counting',
      processed: 0,
      total: null,
      count: null,
      message: null,
      errors: new ImportErrors(),
      finishedAt: null,
      run: Promise.resolve(),
    };
    this.jobs.set(job.id, job);
    job.run = this.run(job, actor, width, upload);
    return job.id;
  }

  private async run(job: Job, actor: Actor, width: number, upload: ExcelUpload) {
    // Let the answer with the job id go out first.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      job.total = await countDataRows(upload, width);
      job.state = 'importing';
      job.count = await importRows(this.db(), this.hooks, actor, job.tableId, upload, {
        errors: job.errors,
        onRow: (n) => {
          job.processed = n;
        },
      });
      job.processed = job.count;
      job.state = 'done';
      job.message = M.imported(job.count);
    } catch (err) {
      job.state = 'failed';
      if (err instanceof AppError && err.status < 500) job.message = err.message;
      else {
        this.log.error({ err }, 'warehouse import job failed');
        job.message = '导入失败，请稍后重试';
      }
    } finally {
      job.finishedAt = this.now();
    }
  }

  /** The job as its starter sees it; another user's job, or a forgotten one, is not found. */
  result(actor: Actor, id: string): ImportJob {
    this.forgetOld();
    const job = this.jobs.get(id);
    if (!job || job.owner !== actor.userId) throw notFound(M.importJobNotFound);
    return {
      id: job.id,
      ckbid: job.tableId,
      state: job.state,
      processed: job.processed,
      total: job.total,
      percent: percentOf(job),
      count: job.count,
      message: job.message,
      errorCount: job.errors.count,
      errors: job.errors.report,
    };
  }

  /** Waits for the running jobs (the server closes its database after them). */
  async settle() {
    await Promise.allSettled([...this.jobs.values()].map((j) => j.run));
  }

  private forgetOld() {
    const now = this.now();
    for (const [id, j] of this.jobs) if (j.finishedAt !== null && now - j.finishedAt > KEEP_MS) this.jobs.delete(id);
  }
}
