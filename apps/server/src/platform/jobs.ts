import { JOB_KEEP_DAYS, JOB_MSG } from '@zg/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { type Actor, actorOfSession } from './access';
import { AppError } from './errors';
import { userGrants } from './session';
import { insertTrackedJob, type StartOptions } from './tracked-jobs';

/**
 * The one way to run work outside a request: a row of the `jobs` table, claimed by any worker of any instance with
 * FOR UPDATE SKIP LOCKED, so a job runs once across them. Two uses:
 * - background jobs (`enqueueJob`, `every`): a file merge, the hourly warning evaluation; retried with back-off;
 * - tracked jobs (`start`, tracked-jobs.ts): long work a user started, with its owner, progress (step, done of total),
 *   result, report and message in the row, which any worker answers when polled (`readJob`, `presentJob`).
 * A running job holds a lease (`locked_until`) that its worker renews while it runs; a lease that runs out means that
 * worker died (killed, out of memory, its machine gone). Such a job is run again when its kind says a second run is
 * safe (`whenLost: 'retry'`, the default for background jobs) and attempts remain, and otherwise is marked
 * `interrupted` with JOB_MSG.interrupted, which its owner's next poll shows (docs/ARCHITECTURE.md "Jobs").
 */

export interface JobProgress {
  /** Items done so far. */
  done?: number;
  /** Items in all, once known (null: not known yet). */
  total?: number | null;
  /** What it is doing now, in Chinese (正在读取文件). */
  step?: string | null;
}

export interface JobContext {
  readonly id: number;
  readonly attempt: number;
  /** The last attempt: a failure now is final. */
  readonly final: boolean;
  /** The user who started a tracked job (null for a background job). */
  readonly ownerId: string | null;
  /** Records progress; it reaches the row (and the owner's poll) within PROGRESS_WRITE_MS, and when the job ends. */
  progress(p: JobProgress): void;
  /** The bytes handed to `start` (an uploaded file), or null. */
  input(): Promise<Buffer | null>;
  /** The owner as a request of theirs would see them now (roles, menus, departments); a disabled owner fails the job. */
  actor(): Promise<Actor>;
}

/** What a handler returns for its owner: the result, the report and a message (all optional). */
export interface JobOutcome {
  result?: unknown;
  report?: unknown;
  message?: string | null;
}

/**
 * Ends a job as failed with a message for its owner (and a report, such as the rows refused), without retrying. An
 * AppError under 500 thrown by a handler is taken the same way; any other error is retried while attempts remain and
 * then answered with JOB_MSG.failed (the error itself goes to the log and `last_error`).
 */
export class JobFailed extends Error {
  constructor(
    message: string,
    readonly report: unknown = null,
  ) {
    super(message);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a kind's payload is its own; the handler states its type
// biome-ignore lint/suspicious/noConfusingVoidType: a handler with nothing to report returns nothing
export type JobHandler<P = any> = (payload: P, ctx: JobContext) => Promise<JobOutcome | void>;

export interface KindOptions {
  /**
   * A job whose worker died: 'retry' runs it again (its work is safe to repeat: idempotent, or undone with the dead
   * worker's transaction), 'interrupt' ends it as interrupted and its owner starts it again. Default 'retry'.
   */
  whenLost?: 'retry' | 'interrupt';
}

/** Progress reaches the row at most this often (the web polls each second). */
export const PROGRESS_WRITE_MS = 300;
/** Finished jobs are removed after JOB_KEEP_DAYS, by this hourly job. */
export const PURGE_JOB = 'platform.jobs.purge';

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  owner_id: string | null;
  was: string;
}

/** Adds a background job; with a unique key, a second enqueue of the same key is a no-op (exactly once across instances). */
export async function enqueueJob(
  db: Db,
  kind: string,
  payload: unknown,
  opts: { uniqueKey?: string; runAt?: Date; maxAttempts?: number } = {},
) {
  await db
    .insert(jobs)
    .values({
      kind,
      payload: payload as object,
      uniqueKey: opts.uniqueKey ?? null,
      runAt: opts.runAt ?? new Date(),
      maxAttempts: opts.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey });
}

/** The final states; a tracked job's unique key (one unfinished job per key) is released when it reaches one. */
const finish = sql`locked_until = null, finished_at = now(), updated_at = now(), input = null,
  unique_key = case when ref is null then unique_key else null end`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Polls the jobs table and runs handlers, up to `concurrency` at once. Every worker runs one (app.ts); tests build
 * apps without starting it and call `drain()`.
 */
export class JobRunner {
  private handlers = new Map<string, { handler: JobHandler; options: KindOptions }>();
  private periodic: { kind: string; periodMs: number; lastSlot: number }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private readonly active = new Set<Promise<void>>();
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { pollMs: number; lockSeconds: number; concurrency?: number },
  ) {
    this.register(PURGE_JOB, async () => {
      await this.db.execute(sql`delete from jobs
        where status in ('done', 'failed', 'interrupted')
          and coalesce(finished_at, updated_at) < now() - make_interval(days => ${JOB_KEEP_DAYS})`);
    });
    this.every(PURGE_JOB, 3600_000);
  }

  register(kind: string, handler: JobHandler, options: KindOptions = {}) {
    this.handlers.set(kind, { handler, options });
  }

  /** Enqueues `kind` once per period across all instances (the slot number is the job's unique key). */
  every(kind: string, periodMs: number) {
    this.periodic.push({ kind, periodMs, lastSlot: -1 });
  }

  /**
   * Starts a tracked job of `kind` for its owner and returns its id (what the owner polls). This worker looks for it
   * at once; any other may claim it first.
   */
  async start(kind: string, opts: StartOptions): Promise<string> {
    const ref = await insertTrackedJob(this.db, kind, opts);
    this.wake();
    return ref;
  }

  /** Starts polling (app.ts, when the app is ready). */
  startPolling() {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Stops claiming and waits for the jobs this worker runs to end. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.active]);
  }

  /** Runs due jobs one after the other until none is left (tests call it instead of waiting for the poll). */
  async drain() {
    for (;;) {
      const job = await this.claim();
      if (!job) return;
      await this.execute(job);
    }
  }

  /** Looks for work now (a job was started here, or one ended and a slot is free). */
  private wake() {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.loop(), 0);
  }

  private loop() {
    this.timer = null;
    this.ticking = this.tick().finally(() => {
      this.ticking = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else this.timer = setTimeout(() => this.loop(), this.opts.pollMs);
    });
  }

  private async tick() {
    try {
      for (const p of this.periodic) {
        const slot = Math.floor(Date.now() / p.periodMs);
        if (slot === p.lastSlot) continue;
        await enqueueJob(this.db, p.kind, {}, { uniqueKey: `${p.kind}:${slot}`, maxAttempts: 1 });
        p.lastSlot = slot;
      }
      while (!this.stopped && this.active.size < (this.opts.concurrency ?? 2)) {
        const job = await this.claim();
        if (!job) break;
        const run: Promise<void> = this.execute(job).finally(() => {
          this.active.delete(run);
          this.wake();
        });
        this.active.add(run);
      }
    } catch (err) {
      this.log.error({ err }, 'job runner tick failed');
    }
  }

  /**
   * Claims one due job of a kind this runner handles: a queued one whose time has come, or a running one whose lease
   * ran out (its worker died). The latter is run again or marked interrupted, by its kind (KindOptions.whenLost).
   */
  private async claim(): Promise<ClaimedJob | null> {
    for (;;) {
      const kinds = [...this.handlers.keys()];
      const result = await this.db.execute(sql`
        with picked as (
          select id, status as was from jobs
          where kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
          order by run_at, id
          limit 1
          for update skip locked
        )
        update jobs j set status = 'running', attempts = j.attempts + 1, updated_at = now(),
          started_at = coalesce(j.started_at, now()),
          locked_until = now() + make_interval(secs => ${this.opts.lockSeconds})
        from picked where j.id = picked.id
        returning j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.owner_id, picked.was`);
      const job = rowsOf<ClaimedJob>(result)[0];
      if (!job) return null;
      const lost = job.was === 'running';
      const { whenLost = 'retry' } = this.handlers.get(job.kind)!.options;
      if (!lost || (whenLost === 'retry' && job.attempts <= job.max_attempts)) return job;
      await this.db.execute(sql`update jobs set status = 'interrupted', message = ${JOB_MSG.interrupted}, ${finish}
        where id = ${job.id} and attempts = ${job.attempts}`);
      this.log.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts - 1 },
        'job interrupted: its worker stopped',
      );
    }
  }

  /** Runs a claimed job, renewing its lease, and records how it ended (only while this worker still holds it). */
  private async execute(job: ClaimedJob) {
    const { handler } = this.handlers.get(job.kind)!;
    const final = job.attempts >= job.max_attempts;
    // Every write names the attempt: a worker whose lease ran out (a stall) cannot overwrite a later attempt's work.
    const mine = sql`id = ${job.id} and attempts = ${job.attempts} and status = 'running'`;
    const lease = sql`locked_until = now() + make_interval(secs => ${this.opts.lockSeconds})`;
    let progress: JobProgress = {};
    let written: JobProgress = {};
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    let trailing: NodeJS.Timeout | null = null;
    const writeProgress = () => {
      const p = progress;
      if (p === written) return writing;
      written = p;
      lastWrite = Date.now();
      writing = writing
        .then(() =>
          this.db.execute(sql`update jobs set ${lease}, updated_at = now(),
            done = ${p.done ?? 0}, total = ${p.total ?? null}, step = ${p.step?.slice(0, 200) ?? null}
            where ${mine}`),
        )
        .catch((err) => this.log.warn({ err, jobId: job.id }, 'job progress not written'));
      return writing;
    };
    const heartbeat = setInterval(
      () => {
        writing = writing
          .then(() => this.db.execute(sql`update jobs set ${lease} where ${mine}`))
          .catch((err) => this.log.warn({ err, jobId: job.id }, 'job lease not renewed'));
      },
      Math.max(200, (this.opts.lockSeconds * 1000) / 3),
    );
    heartbeat.unref();
    const ctx: JobContext = {
      id: job.id,
      attempt: job.attempts,
      final,
      ownerId: job.owner_id,
      progress: (p) => {
        progress = { ...progress, ...p };
        const wait = lastWrite + PROGRESS_WRITE_MS - Date.now();
        if (wait <= 0) void writeProgress();
        // The last report before a pause reaches the row too, a moment later.
        else
          trailing ??= setTimeout(() => {
            trailing = null;
            void writeProgress();
          }, wait);
      },
      input: async () =>
        rowsOf<{ input: Buffer | null }>(await this.db.execute(sql`select input from jobs where id = ${job.id}`))[0]
          ?.input ?? null,
      actor: async () => {
        const user = job.owner_id ? await userGrants(this.db, job.owner_id) : null;
        if (!user) throw new JobFailed(JOB_MSG.ownerDisabled);
        return actorOfSession(user);
      },
    };
    try {
      const outcome = (await handler(job.payload, ctx)) ?? {};
      clearInterval(heartbeat);
      if (trailing) clearTimeout(trailing);
      await writing;
      const p = progress;
      await this.db.execute(sql`update jobs set status = 'done', ${finish},
        done = ${p.done ?? 0}, total = ${p.total ?? null}, step = ${p.step?.slice(0, 200) ?? null},
        result = ${jsonOf(outcome.result)}, report = ${jsonOf(outcome.report)},
        message = ${outcome.message?.slice(0, 500) ?? null}
        where ${mine}`);
      // One line per run: with several workers (main.ts) it shows which process ran a job, and that it ran once.
      this.log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job done');
    } catch (err) {
      clearInterval(heartbeat);
      if (trailing) clearTimeout(trailing);
      await writing;
      const refused = err instanceof JobFailed || (err instanceof AppError && err.status < 500);
      if (refused) this.log.info({ jobId: job.id, kind: job.kind, message: (err as Error).message }, 'job refused');
      else this.log.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      const error = err instanceof Error ? err.message : String(err);
      const p = progress;
      const stop = refused || final;
      // Exponential back-off: 2 s, 4 s, 8 s ...
      // The outcome may not reach the row (the database went away): the lease then runs out and the claim decides, as
      // for a worker that died. A job's run never rejects, so no caller is left with an unhandled rejection.
      await this.db
        .execute(sql`update jobs set
        ${stop ? sql`status = 'failed', ${finish}` : sql`status = 'queued', locked_until = null, updated_at = now()`},
        run_at = now() + make_interval(secs => ${2 ** job.attempts}),
        done = ${p.done ?? 0}, total = ${p.total ?? null}, step = ${p.step?.slice(0, 200) ?? null},
        report = ${jsonOf(err instanceof JobFailed ? err.report : null)},
        message = ${stop ? (refused ? error : JOB_MSG.failed).slice(0, 500) : null},
        last_error = ${error.slice(0, 2000)}
        where ${mine}`)
        .catch((writeErr) => this.log.error({ err: writeErr, jobId: job.id }, 'job outcome not written'));
    }
  }
}

/** A value for a jsonb parameter (null stays SQL null). */
const jsonOf = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Each job kind's health (operation monitoring, issue 34): its last run, failures since `since`, and queue length. */
export interface JobKindHealth {
  kind: string;
  lastRun: Date | null;
  lastStatus: string | null;
  failures: number;
  queued: number;
}

export async function jobHealth(db: Db, since: Date): Promise<JobKindHealth[]> {
  const result = await db.execute(sql`
    select j.kind,
      max(j.updated_at) filter (where j.status in ('done', 'failed', 'interrupted')) as "lastRun",
      (array_agg(j.status order by j.updated_at desc) filter (where j.status in ('done', 'failed', 'interrupted')))[1]
        as "lastStatus",
      count(*) filter (where j.status = 'failed' and j.updated_at >= ${since.toISOString()}::timestamptz)::int as failures,
      count(*) filter (where j.status = 'queued' and j.run_at <= now())::int as queued
    from jobs j group by j.kind order by j.kind`);
  return (
    result as unknown as { rows: (Omit<JobKindHealth, 'lastRun'> & { lastRun: string | Date | null })[] }
  ).rows.map((r) => ({ ...r, lastRun: r.lastRun ? new Date(r.lastRun) : null }));
}
