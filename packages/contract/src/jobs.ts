import { z } from 'zod';

/**
 * Long work a user starts (an import, a computation over many objects, a bulk action) runs as a tracked job in
 * PostgreSQL (the server's platform/jobs.ts): any worker runs it, any worker answers its poll. A module declares its
 * poll endpoint with `jobSchema(result, report)` as the response and `JobQuerySchema` as the query, and its start
 * endpoint answers `JobStartedSchema`.
 */

/**
 * queued: waiting for a worker; running: a worker is on it (step, done of total); done: finished, with its result;
 * failed: ended with a message (and its report); interrupted: its worker stopped while it ran (nothing more will
 * happen: start it again).
 */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'interrupted'] as const;
export type JobStateName = (typeof JOB_STATES)[number];
export const JOB_STATE_NAMES: Record<JobStateName, string> = {
  queued: '排队中',
  running: '进行中',
  done: '已完成',
  failed: '失败',
  interrupted: '已中断',
};

export const JOB_MSG = {
  notFound: '任务不存在或已过期',
  interrupted: '任务所在的服务进程已停止，任务已中断，请重新发起',
  failed: '任务执行失败，请稍后重试',
  ownerDisabled: '发起人的账号已停用，任务未执行',
};

/** Days a finished tracked job stays readable (then it is removed with its result and report). */
export const JOB_KEEP_DAYS = 7;

export const JobStartedSchema = z.object({ id: z.string().describe('任务id / job id') });
export const JobQuerySchema = z.object({ id: z.string().trim().min(1).max(64).describe('任务id / job id') });

/** A tracked job as its owner polls it: state, progress, and the outcome (`result`, `report`) typed per module. */
export function jobSchema<R extends z.ZodType, P extends z.ZodType>(result: R, report: P) {
  return z.object({
    id: z.string().describe('任务id / job id'),
    state: z
      .enum(JOB_STATES)
      .describe('queued 排队中 / running 进行中 / done 已完成 / failed 失败 / interrupted 已中断（服务进程停止）'),
    step: z.string().nullable().describe('当前步骤 / what it is doing now'),
    done: z.number().int().describe('已处理 / items done so far'),
    total: z.number().int().nullable().describe('总数（未知时为空） / items in all, when known'),
    percent: z.number().int().min(0).max(100).describe('进度百分比（完成时100） / progress'),
    message: z.string().nullable().describe('结果或失败原因 / the outcome, in words'),
    result: result.nullable().describe('结果（完成时） / the result'),
    report: report.nullable().describe('报告（如逐行错误） / the report, e.g. problems by row'),
  });
}

/** Whether a job is still under way (a page keeps polling it). */
export const jobUnderWay = (job: { state: JobStateName } | null | undefined) =>
  !job || job.state === 'queued' || job.state === 'running';

/** The percentage shown: done of total, 100 only when done (a job that stopped stays where it stopped). */
export function jobPercent(job: { state: JobStateName; done: number; total: number | null }): number {
  if (job.state === 'done') return 100;
  if (!job.total) return 0;
  return Math.max(0, Math.min(99, Math.floor((job.done / job.total) * 100)));
}
