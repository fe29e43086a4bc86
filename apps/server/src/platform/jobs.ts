import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobHandler = (payload: unknown, ctx: { attempt: number; final: boolean }) => Promise<void>;

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** Adds a job; with a unique key, a second enqueue of the same key is a no-op (exactly once across instances). */
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

/**
 * Polls the jobs table and runs handlers. A claimed job carries a lock deadline: if its instance dies, the job is
 * claimed again once the deadline passes, so work is never lost and never runs twice at the same time.
 */
export class JobRunner {
  private handlers = new Map<string, JobHandler>();
  private periodic: { kind: string; periodMs: number; lastSlot: number }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { pollMs: number; lockSeconds: number },
  ) {}

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /** Enqueues `kind` once per period across all instances (the slot number is the job's unique key). */
  every(kind: string, periodMs: number) {
    this.periodic.push({ kind, periodMs, lastSlot: -1 });
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs due jobs until none is left (tests call it to avoid waiting for the poll). */
  async drain() {
    while (await this.runOne()) {}
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule(this.opts.pollMs);
      });
    }, ms);
  }

  private async tick() {
    try {
      for (const p of this.periodic) {
        const slot = Math.floor(Date.now() / p.periodMs);
        if (slot === p.lastSlot) continue;
        await enqueueJob(this.db, p.kind, {}, { uniqueKey: `${p.kind}:${slot}`, maxAttempts: 1 });
        p.lastSlot = slot;
      }
      while (!this.stopped && (await this.runOne())) {}
    } catch (err) {
      this.log.error({ err }, 'job runner tick failed');
    }
  }

  private async runOne(): Promise<boolean> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return false;
    const kindList = sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    const result = await this.db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1, updated_at = now(),
        locked_until = now() + make_interval(secs => ${this.opts.lockSeconds})
      where id = (
        select id from jobs
        where kind in (${kindList})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`);
    const job = (result as unknown as { rows: ClaimedJob[] }).rows[0];
    if (!job) return false;
    const handler = this.handlers.get(job.kind)!;
    const final = job.attempts >= job.max_attempts;
    try {
      await handler(job.payload, { attempt: job.attempts, final });
      await this.db.execute(
        sql`update jobs set status = 'done', locked_until = null, updated_at = now() where id = ${job.id}`,
      );
      // One line per run: with several workers (main.ts) it shows which process ran a job, and that it ran once.
      this.log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job done');
    } catch (err) {
      this.log.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      const message = err instanceof Error ? err.message : String(err);
      // Exponential back-off: 2 s, 4 s, 8 s ...
      const delay = 2 ** job.attempts;
      await this.db.execute(sql`
        update jobs set
          status = case when ${final} then 'failed' else 'queued' end,
          run_at = now() + make_interval(secs => ${delay}),
          locked_until = null, last_error = ${message.slice(0, 2000)}, updated_at = now()
        where id = ${job.id}`);
    }
    return true;
  }
}
