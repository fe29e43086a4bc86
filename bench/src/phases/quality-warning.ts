import { openDatabase } from '@zg/server/src/db/client';
import { evaluateComputedRows, evaluateCycles } from '@zg/server/src/modules/quality-warning';
import { Clock } from '@zg/server/src/platform/clock';
import { sql } from 'drizzle-orm';
import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * 质量预警 (issue 32), on the database of `--diagnosis --quality-warning` (quality-warning-data.ts: 40 000 rows with a
 * value rule): the rules of every row evaluated in-process as after a computation of them all (the first evaluation
 * raises the breaches, their cases and notifications; the second finds them open and raises none) and as the hourly
 * job's cycle; then, on the product server, the warning record table (queryWarnGrid, first page) and the bell's
 * unread count, each one request at a time: 3 warm-up, then `repeats` measured.
 */

const Z = '/api/herm-zdgj';

export interface QualityWarningFigures {
  evaluate: { rows: number; raised: number; ms: number; againMs: number; cycleMs: number };
  grid: { total: number; latency: LatencySummary };
  bell: { unread: number; latency: LatencySummary };
}

async function timed(repeats: number, read: () => Promise<number>) {
  const samples: number[] = [];
  let size = 0;
  for (let i = 0; i < repeats + 3; i++) {
    const t = performance.now();
    size = await read();
    if (i >= 3) samples.push(performance.now() - t);
  }
  return { size, latency: summarise(samples) };
}

/** The rules of every row with one, evaluated twice after a computation and once on the cycle (in-process). */
export async function evaluateQualityWarnings(databaseUrl: string, log: (line: string) => void) {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const db = database.db;
    const ids = (
      (await db.execute(sql`select id from diagnosis_rows where warning_rule is not null order by id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((r) => r.id);
    const clock = new Clock();
    let t = performance.now();
    const first = await evaluateComputedRows(db, clock, ids);
    const ms = performance.now() - t;
    log(`${ids.length} rows evaluated in ${ms.toFixed(0)} ms: ${first.raised} raised`);
    t = performance.now();
    const again = await evaluateComputedRows(db, clock, ids);
    const againMs = performance.now() - t;
    log(`again in ${againMs.toFixed(0)} ms: ${again.raised} raised`);
    t = performance.now();
    await evaluateCycles(db, clock);
    const cycleMs = performance.now() - t;
    log(`the hourly cycle in ${cycleMs.toFixed(0)} ms`);
    await db.execute(sql`vacuum analyze quality_warnings`);
    await db.execute(sql`vacuum analyze notifications`);
    return { rows: ids.length, raised: first.raised, ms, againMs, cycleMs };
  } finally {
    await database.close();
  }
}

export async function measureQualityWarningReads(
  school: Session,
  charger: Session,
  opts: { repeats: number; log: (line: string) => void },
): Promise<Omit<QualityWarningFigures, 'evaluate'>> {
  const grid = await timed(opts.repeats, async () => {
    const page = dataOf<{ total: number }>(
      await school.get(`${Z}/warningflow/queryWarnGrid?pageNum=1&pageSize=20`),
      'warning record table',
    );
    return page.total;
  });
  opts.log(`queryWarnGrid (${grid.size} lines): p95 ${grid.latency.p95.toFixed(1)} ms`);
  const bell = await timed(opts.repeats, async () => {
    const c = dataOf<{ unread: number }>(await charger.get('/api/notification/unreadCount'), 'unread count');
    return c.unread;
  });
  opts.log(`unreadCount (${bell.size} unread): p95 ${bell.latency.p95.toFixed(1)} ms`);
  return { grid: { total: grid.size, latency: grid.latency }, bell: { unread: bell.size, latency: bell.latency } };
}
