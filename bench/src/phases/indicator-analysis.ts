import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * 指标分析 (issue 35 item 5), on the diagnosis phase's database once its demo task of the 40 majors is computed
 * (data.ts --diagnosis gave the task its last round, seed/indicator-analysis.ts): signed in as the school leader xld01,
 * the movers of one major (a page of 10, by relative change) and the correlation of two numeric indicators across
 * the 40 majors, one request at a time (3 warm-up, then the rest measured).
 */

const A = '/api/herm-znfx/indicatorAnalysis';

export interface IndicatorAnalysisFigures {
  movers: { total: number; latency: LatencySummary };
  correlation: { n: number; r: number | null; latency: LatencySummary };
  requests: number;
}

async function timed(repeats: number, read: () => Promise<void>) {
  const samples: number[] = [];
  for (let i = 0; i < repeats + 3; i++) {
    const t = performance.now();
    await read();
    if (i >= 3) samples.push(performance.now() - t);
  }
  return summarise(samples);
}

export async function measureIndicatorAnalysis(
  leader: Session,
  opts: { repeats: number; log: (line: string) => void },
): Promise<IndicatorAnalysisFigures> {
  const tasks = dataOf<{ rwid: number; rwmc: string; dxsl: number }[]>(await leader.get(`${A}/tasks`), 'tasks');
  const task = tasks.find((t) => t.dxsl >= 40) ?? tasks[0];
  if (!task) throw new Error('no diagnosis task to analyse (bench data without --diagnosis?)');
  const [object] = dataOf<{ list: { dxrwid: number }[] }>(
    await leader.get(`${A}/objects?rwid=${task.rwid}&pageSize=1`),
    'objects',
  ).list;
  const indicators = dataOf<{ key: number }[]>(await leader.get(`${A}/indicators?rwid=${task.rwid}`), 'indicators');
  if (!object || indicators.length < 2) throw new Error('the task has no object or fewer than two indicators');
  let total = 0;
  const moversLatency = await timed(opts.repeats, async () => {
    total = dataOf<{ total: number }>(await leader.get(`${A}/movers?dxrwid=${object.dxrwid}`), 'movers').total;
  });
  let n = 0;
  let r: number | null = null;
  const url = `${A}/correlation?rwid=${task.rwid}&x=${indicators[0]!.key}&y=${indicators[1]!.key}`;
  const correlationLatency = await timed(opts.repeats, async () => {
    const c = dataOf<{ n: number; r: number | null }>(await leader.get(url), 'correlation');
    n = c.n;
    r = c.r;
  });
  opts.log(
    `movers of one major (${total} moved): p95 ${moversLatency.p95.toFixed(1)} ms; correlation over ${n} majors (r ${r}): p95 ${correlationLatency.p95.toFixed(1)} ms`,
  );
  return {
    movers: { total, latency: moversLatency },
    correlation: { n, r, latency: correlationLatency },
    requests: opts.repeats,
  };
}
