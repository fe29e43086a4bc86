import { allDemoIndicators } from '@zg/server/src/seed/story/indicators';
import { dataOf, type Session } from '../lib/http';
import { sleep } from '../lib/server';
import { type LatencySummary, summarise } from '../lib/stats';
import { type ApiRoute, type RouteFigures, runApiBenchmarks } from './api';

/**
 * Algorithms (issue 18 "Performance"), on a database holding the demo school's warehouse and its diagnosis indicators
 * (seedDatabase with `warehouse`, as the demo start loads them): each indicator run for one major again and again
 * (`testByObject`: checked and run each time, never cached); every indicator for every one of the 40 majors, at the
 * server's concurrency limit (ALGORITHM_MAX_CONCURRENT, 4), first computed and recorded (`testResult`, lineage and
 * cache), then again from the cache, and the same through the batch route (one request per indicator for all majors,
 * `testResultBatch`, on the previous year so nothing is cached yet); and a runaway query (a cross join that would run for hours) stopped at its
 * timeout while a plain route's latency is measured without it and with it running.
 */

const S = '/api/herm-sjgl';
/** The server's default limit on algorithms running at once (ALGORITHM_MAX_CONCURRENT). */
export const ALGORITHM_CONCURRENCY = 4;
const RUNAWAY = 'select count(*) from jx_student a, jx_student b, jx_student c, jx_student d';

export interface AlgorithmFigures {
  objectId: string;
  year: number;
  /** Each indicator for one object, sequentially: the request's latency and the query's own time (`ms`). */
  perAlgorithm: {
    name: string;
    group: string;
    latency: LatencySummary;
    queryMs: LatencySummary;
    value: number | null;
  }[];
  /** Every indicator for every major. */
  batches: { label: string; runs: number; ms: number; errors: number; cached: number }[];
  runaway: {
    timeoutMs: number;
    stops: { status: number; ms: number; message: string }[];
    /** The plain route without the runaway, then with one running the whole time. */
    plain: (RouteFigures & { withRunaway: boolean })[];
  };
}

interface Tree {
  children: Tree[];
  zmc: string;
  algorithms?: { id: number; sfmc: string }[];
}

async function pool<T>(items: T[], workers: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

export async function measureAlgorithms(
  admin: Session,
  opts: {
    year: number;
    majors: string[];
    repeats: number;
    timeoutMs: number;
    seconds: number;
    warmupSeconds: number;
    connections: number;
    log: (line: string) => void;
  },
): Promise<AlgorithmFigures> {
  const tree = dataOf<Tree[]>(await admin.get(`${S}/algorithmContent/selectTree`), 'algorithm tree');
  const ids = new Map(tree.flatMap((n) => (n.algorithms ?? []).map((a) => [a.sfmc, a.id] as const)));
  const indicators = allDemoIndicators().map((i) => {
    const id = ids.get(i.name);
    if (!id) throw new Error(`demo indicator ${i.name} missing: was the database seeded with the warehouse?`);
    return { ...i, id };
  });
  const bbids = new Map<number, number>();
  for (const i of indicators)
    bbids.set(
      i.id,
      dataOf<{ bbid: number }>(await admin.get(`${S}/algorithmContent/selectById?id=${i.id}`), i.name).bbid,
    );
  const objectId = opts.majors[0] as string;

  // 1. Each indicator for one major, one request at a time.
  const perAlgorithm: AlgorithmFigures['perAlgorithm'] = [];
  for (const i of indicators) {
    const times: number[] = [];
    const queries: number[] = [];
    let value: number | null = null;
    for (let k = 0; k < opts.repeats + 3; k++) {
      const t = performance.now();
      const r = await admin.post(`${S}/algorithmContent/testByObject`, {
        bbid: bbids.get(i.id),
        params: { objectId, year: opts.year },
      });
      const elapsed = performance.now() - t;
      const d = dataOf<{ ms: number; value: number | null }>(r, i.name);
      if (k < 3) continue; // warm-up
      times.push(elapsed);
      queries.push(d.ms);
      value = d.value;
    }
    const latency = summarise(times);
    perAlgorithm.push({ name: i.name, group: i.group, latency, queryMs: summarise(queries), value });
    opts.log(
      `${i.name} (${objectId}): p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms, value ${value}`,
    );
  }

  // 2. Every indicator for every major, at the server's concurrency limit.
  const jobs = indicators.flatMap((i) => opts.majors.map((m) => ({ i, m })));
  const batches: AlgorithmFigures['batches'] = [];
  const batch = async (label: string, url: string, body: (j: (typeof jobs)[number]) => object) => {
    let errors = 0;
    let cached = 0;
    const t = performance.now();
    await pool(jobs, ALGORITHM_CONCURRENCY, async (j) => {
      const r = await admin.post(url, body(j));
      if (r.status !== 200) errors++;
      else if ((JSON.parse(r.body) as { data: { cached?: boolean } }).data.cached) cached++;
    });
    const ms = performance.now() - t;
    batches.push({ label, runs: jobs.length, ms, errors, cached });
    opts.log(`${label}: ${jobs.length} runs in ${(ms / 1000).toFixed(2)} s (${errors} errors, ${cached} cached)`);
  };
  await batch('run (testByObject)', `${S}/algorithmContent/testByObject`, (j) => ({
    bbid: bbids.get(j.i.id),
    params: { objectId: j.m, year: opts.year },
  }));
  await batch('computed and recorded (testResult, first time)', `${S}/algorithmContent/testResult`, (j) => ({
    sfid: j.i.id,
    params: { objectId: j.m, year: opts.year },
  }));
  await batch('again, from the cache (testResult)', `${S}/algorithmContent/testResult`, (j) => ({
    sfid: j.i.id,
    params: { objectId: j.m, year: opts.year },
  }));
  // The batch route: one request per indicator for the 40 majors (one restricted transaction), on results not yet
  // cached: the previous year's, so the same texts compute afresh.
  const perIndicator = async (label: string, year: number) => {
    let errors = 0;
    let cached = 0;
    const t = performance.now();
    await pool(indicators, ALGORITHM_CONCURRENCY, async (i) => {
      const r = await admin.post(`${S}/algorithmContent/testResultBatch`, {
        sfid: i.id,
        objectIds: opts.majors,
        params: { year },
      });
      if (r.status !== 200) errors += opts.majors.length;
      else {
        // Each object has its outcome (a failing one no longer fails the request): count those not computed.
        const { results } = (JSON.parse(r.body) as { data: { results: { cached: boolean; status: string }[] } }).data;
        errors += results.filter((x) => x.status !== 'ok').length;
        cached += results.filter((x) => x.cached).length;
      }
    });
    const ms = performance.now() - t;
    const runs = indicators.length * opts.majors.length;
    batches.push({ label, runs, ms, errors, cached });
    opts.log(`${label}: ${runs} values in ${(ms / 1000).toFixed(2)} s (${errors} errors, ${cached} cached)`);
  };
  await perIndicator('batch, computed and recorded (testResultBatch, 37 requests)', opts.year - 1);
  await perIndicator('batch again, from the cache (testResultBatch)', opts.year - 1);

  // 3. A runaway query stopped at its timeout; a plain route's latency without it and with it.
  const plainRoute: ApiRoute[] = [
    {
      key: 'algorithm.plain',
      label: '算法树（algorithmContent/selectTree）',
      group: 'warehouse',
      user: 'zyadmin',
      next: () => `${S}/algorithmContent/selectTree`,
    },
  ];
  const sessions = new Map([['zyadmin', admin]]);
  const bench = () =>
    runApiBenchmarks(admin.base, plainRoute, sessions, {
      seconds: opts.seconds,
      warmupSeconds: opts.warmupSeconds,
      connections: opts.connections,
      log: (line) => opts.log(line),
    });
  const plain: AlgorithmFigures['runaway']['plain'] = (await bench()).map((f) => ({ ...f, withRunaway: false }));
  const stops: AlgorithmFigures['runaway']['stops'] = [];
  let running = true;
  const runaway = (async () => {
    while (running) {
      const t = performance.now();
      const r = await admin.post(`${S}/algorithmContent/testByObject`, { sql: RUNAWAY }, opts.timeoutMs * 4);
      let message = r.body.slice(0, 120);
      try {
        message = (JSON.parse(r.body) as { meta: { message: string } }).meta.message;
      } catch {
        // not an envelope
      }
      stops.push({ status: r.status, ms: performance.now() - t, message });
      opts.log(`runaway: ${r.status} in ${(performance.now() - t).toFixed(0)} ms (${message})`);
    }
  })();
  await sleep(500);
  plain.push(...(await bench()).map((f) => ({ ...f, withRunaway: true })));
  running = false;
  await runaway;
  return { objectId, year: opts.year, perAlgorithm, batches, runaway: { timeoutMs: opts.timeoutMs, stops, plain } };
}
