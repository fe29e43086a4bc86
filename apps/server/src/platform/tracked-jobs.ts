import { randomUUID } from 'node:crypto';
import { JOB_MSG, type JobStateName, jobPercent } from '@zg/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { type Actor, isAdmin } from './access';
import { conflict, notFound } from './errors';

/**
 * Tracked jobs: long work a user starts, in the `jobs` table with its owner, progress and outcome (platform/jobs.ts
 * runs them). A module starts one with `app.jobs.start(kind, ...)`, serves its poll with `readJob` + `presentJob`
 * under its own contract endpoint (response `jobSchema(result, report)`), and its handler reports progress through
 * its JobContext and returns the result.
 */

export interface StartOptions {
  /** Who started it: only they, or an administrator, may read it. */
  owner: Pick<Actor, 'userId'>;
  /** What the handler needs (JSON); the owner is not in it, the handler asks `ctx.actor()`. */
  payload: object;
  /** Bytes the handler reads with `ctx.input()` (an uploaded file of a few MB), dropped when the job ends. */
  input?: Buffer;
  /** One unfinished job per key (e.g. one import per user): a second start is refused with `message` (409). */
  exclusive?: { key: string; message: string };
  /** Runs of the handler before it is failed (a handler error other than JobFailed is retried). Default 1. */
  maxAttempts?: number;
}

export async function insertTrackedJob(db: Db, kind: string, opts: StartOptions): Promise<string> {
  const ref = randomUUID();
  const inserted = await db
    .insert(jobs)
    .values({
      kind,
      ref,
      ownerId: opts.owner.userId,
      payload: opts.payload,
      input: opts.input ?? null,
      uniqueKey: opts.exclusive ? `${kind}:${opts.exclusive.key}`.slice(0, 160) : null,
      maxAttempts: opts.maxAttempts ?? 1,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  if (inserted.length === 0) throw conflict(opts.exclusive?.message);
  return ref;
}

/** A tracked job as stored. */
export interface TrackedJob<R = unknown, P = unknown> {
  ref: string;
  kind: string;
  ownerId: string | null;
  state: JobStateName;
  step: string | null;
  done: number;
  total: number | null;
  message: string | null;
  result: R | null;
  report: P | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A tracked job of `kind` as `actor` may see it: their own, or any for an administrator. Another user's job, an
 * unknown id and one removed after JOB_KEEP_DAYS are all not found (`notFoundMessage`), so ids reveal nothing.
 */
export async function readJob<R = unknown, P = unknown>(
  db: Db,
  actor: Actor,
  ref: string,
  kind: string,
  notFoundMessage: string = JOB_MSG.notFound,
): Promise<TrackedJob<R, P>> {
  if (!UUID.test(ref)) throw notFound(notFoundMessage);
  const [row] = await db
    .select({
      ref: jobs.ref,
      kind: jobs.kind,
      ownerId: jobs.ownerId,
      status: jobs.status,
      step: jobs.step,
      done: jobs.done,
      total: jobs.total,
      message: jobs.message,
      result: jobs.result,
      report: jobs.report,
      createdAt: jobs.createdAt,
      startedAt: jobs.startedAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(and(eq(jobs.ref, ref), eq(jobs.kind, kind)));
  if (!row || (row.ownerId !== actor.userId && !isAdmin(actor))) throw notFound(notFoundMessage);
  const { status, ref: id, ...rest } = row;
  return { ...rest, ref: id!, state: status as JobStateName, result: rest.result as R, report: rest.report as P };
}

/** The contract's shape of a job (`jobSchema`): state, progress, percent and outcome. */
export function presentJob<R, P>(job: TrackedJob<R, P>) {
  return {
    id: job.ref,
    state: job.state,
    step: job.step,
    done: job.done,
    total: job.total,
    percent: jobPercent(job),
    message: job.message,
    result: job.result,
    report: job.report,
  };
}
