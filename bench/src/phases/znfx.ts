import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * 智能分析 (znfx, issue 31 item 6): the school-wide heat table (GET /api/herm-znfx/schoolView) of the diagnosis task
 * the diagnosis phase published to every course (1 200 at the small scale), read one request at a time as the
 * publisher zgfb01 after cacheQualityByTaskId built its summaries (3 warm-up, then the rest measured).
 */

const N = '/api/herm-znfx';

export interface SchoolViewFigures {
  objects: number;
  columns: number;
  cacheMs: number;
  latency: LatencySummary;
  requests: number;
}

export async function measureSchoolView(
  publisher: Session,
  taskId: number,
  opts: { repeats: number; log: (line: string) => void },
): Promise<SchoolViewFigures> {
  const t0 = performance.now();
  dataOf(await publisher.post(`${N}/cacheQualityByTaskId`, { rwid: taskId }, 120_000), 'cacheQualityByTaskId');
  const cacheMs = performance.now() - t0;
  const samples: number[] = [];
  let objects = 0;
  let columns = 0;
  for (let i = 0; i < opts.repeats + 3; i++) {
    const t = performance.now();
    const reply = await publisher.get(`${N}/schoolView?rwid=${taskId}`);
    const ms = performance.now() - t;
    const heat = dataOf<{ rows: unknown[]; columns: unknown[] }>(reply, 'schoolView');
    objects = heat.rows.length;
    columns = heat.columns.length;
    if (i >= 3) samples.push(ms);
  }
  const latency = summarise(samples);
  opts.log(`school view of ${objects} objects × ${columns} QCPs: p95 ${latency.p95.toFixed(1)} ms`);
  return { objects, columns, cacheMs, latency, requests: samples.length };
}
