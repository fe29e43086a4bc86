import { describe, expect, it } from 'vitest';
import type { RouteFigures } from './phases/api';
import type { ReplayFigures } from './phases/replay';
import {
  baselineTable,
  carriedFindings,
  embeddedFactors,
  evaluateBudgets,
  postgresShares,
  renderResults,
  replayTable,
  wasLoaded,
} from './report';
import { emptyResults, type RunResults } from './results';

const route = (key: string, group: RouteFigures['group'], rps: number, p95: number, p99: number): RouteFigures => ({
  key,
  label: key,
  group,
  user: group === 'ceiling' ? null : 'fbr01',
  rps,
  latency: { count: 100, mean: p95 / 2, p50: p95 / 2, p95, p99, max: p99 },
  requests: 100,
  errors: 0,
  non2xx: 0,
  bytesPerResponse: 1000,
});

function results(): RunResults {
  const r = emptyResults(new Date('2026-11-22T10:00:00Z'), false);
  r.machine = { ...r.machine, cores: 2, loadStart: [0.2, 0.1, 0.1], loadEnd: [0.3, 0.2, 0.1] };
  r.api = {
    seconds: 5,
    warmupSeconds: 1,
    connections: 32,
    byDb: {
      postgres: [
        route('ceiling', 'ceiling', 1000, 20, 30),
        route('list.publisher', 'list', 400, 60, 90),
        route('analysis.taskStatusAnalysis', 'analysis', 300, 140, 200),
      ],
      embedded: [
        route('ceiling', 'ceiling', 1000, 20, 30),
        route('list.publisher', 'list', 100, 200, 300),
        route('analysis.taskStatusAnalysis', 'analysis', 150, 200, 300),
      ],
    },
  };
  return r;
}

describe('the budgets of issue 9', () => {
  it('marks each budget met, missed, or not measured', () => {
    const b = evaluateBudgets(results());
    const byName = (s: string) => b.find((x) => x.budget.startsWith(s))!;
    expect(byName('Task lists and detail p99').met).toBe(true);
    // Not replayed through pgbench in this run: not measured, whatever the ceiling says.
    expect(byName('Task lists and detail ≥').met).toBeNull();
    expect(byName('Task lists and detail ≥').measured).toBe('list.publisher – (not replayed)');
    expect(byName('Each summary analysis').met).toBe(true);
    expect(byName('The embedded default within').met).toBe(false);
    expect(byName('The embedded default within').measured).toContain('list.publisher 4.0');
    expect(byName('Lighthouse desktop').met).toBeNull();
    expect(byName('Zero lost').met).toBeNull();
    expect(byName('Zero errors').met).toBeNull();
  });

  it('misses the list budget on a slow p99', () => {
    const r = results();
    r.api!.byDb.postgres![1] = route('list.publisher', 'list', 200, 90, 150);
    const b = evaluateBudgets(r);
    expect(b.find((x) => x.budget.startsWith('Task lists and detail p99'))!.met).toBe(false);
  });

  it('compares the embedded default with PostgreSQL route by route, leaving the ceiling out', () => {
    expect(embeddedFactors(results())).toEqual([
      { key: 'list.publisher', factor: 4 },
      { key: 'analysis.taskStatusAnalysis', factor: 2 },
    ]);
  });

  it('counts lost writes and soak errors', () => {
    const r = results();
    r.crash.postgres = {
      db: 'postgres',
      kills: 20,
      failedStarts: 0,
      restartMs: [1000],
      acked: { updates: 5, reports: 2, rejections: 1 },
      inDoubt: 3,
      lost: 1,
      problems: [],
      checks: [],
    };
    const budget = () => evaluateBudgets(r).find((x) => x.budget.startsWith('Zero lost'))!;
    expect(budget().met).toBe(false);
    r.crash.postgres.lost = 0;
    // One database alone is not the budget.
    expect(budget().met).toBeNull();
    r.crash.embedded = { ...r.crash.postgres, db: 'embedded' };
    expect(budget().met).toBe(true);
  });
});

const replayed = (key: string, tps: number, error?: string): ReplayFigures => ({
  key,
  statements: ['select 1', 'select 2'],
  scripts: 1,
  tps,
  latency: { count: 100, mean: 5, p50: 4, p95: 9, p99: 12, max: 20 },
  transactions: tps * 4,
  failed: 0,
  clients: 32,
  seconds: 4,
  ...(error ? { error } : {}),
});

describe("issue 21: the application against PostgreSQL alone on each route's statements", () => {
  const withReplay = () => {
    const r = results();
    r.api!.byDb.postgres!.push(route('detail', 'detail', 900, 20, 40));
    r.api!.replay = [
      replayed('list.publisher', 1000),
      replayed('detail', 1500),
      replayed('analysis.taskStatusAnalysis', 0, 'pgbench: client 0 aborted'),
    ];
    return r;
  };
  const budget = (r: RunResults) => evaluateBudgets(r).find((x) => x.budget.startsWith('Task lists and detail ≥'))!;

  it('divides each route by pgbench on its statements, leaving out the ceiling and what was not replayed', () => {
    expect(postgresShares(withReplay())).toEqual([
      { key: 'list.publisher', group: 'list', rps: 400, p99: 90, tps: 1000, share: 0.4 },
      {
        key: 'analysis.taskStatusAnalysis',
        group: 'analysis',
        rps: 300,
        p99: 200,
        tps: null,
        share: null,
        error: 'pgbench: client 0 aborted',
      },
      { key: 'detail', group: 'detail', rps: 900, p99: 40, tps: 1500, share: 0.6 },
    ]);
  });

  it('holds the lists and the detail to 0.5 × PostgreSQL alone (the analyses are not in this budget)', () => {
    const r = withReplay();
    expect(budget(r)).toMatchObject({ met: false, measured: 'list.publisher 0.40 ×; detail 0.60 ×' });
    r.api!.byDb.postgres![1] = route('list.publisher', 'list', 600, 60, 90);
    expect(budget(r).met).toBe(true);
    // A budgeted route not replayed leaves the budget unmeasured, unless another already missed it.
    r.api!.replay![1] = replayed('detail', 0, 'no statements captured');
    expect(budget(r)).toMatchObject({
      met: null,
      measured: 'list.publisher 0.60 ×; detail – (no statements captured)',
    });
    r.api!.byDb.postgres![1] = route('list.publisher', 'list', 100, 60, 90);
    expect(budget(r).met).toBe(false);
    expect(evaluateBudgets(r).find((x) => x.budget.startsWith('Task lists and detail p99'))!.measured).toBe(
      'list.publisher 90 ms; detail 40 ms',
    );
  });

  it('renders PostgreSQL alone next to each route, with the WORKERS columns when measured', () => {
    const r = withReplay();
    const md = renderResults(r, null);
    expect(md).toContain('### PostgreSQL alone on each route');
    expect(md).toContain('| `list.publisher` | 2 | 1000 | 4.0 ms | 12 ms | 400 | 90 ms | **0.40** |');
    expect(md).toContain('- `analysis.taskStatusAnalysis` not replayed: pgbench: client 0 aborted');
    // The main table carries the ratio too.
    expect(md).toMatch(/\| list\.publisher `list\.publisher` \| fbr01 \| 400 \|[^\n]*\| 0\.40 \|/);
    expect(md).not.toContain('WORKERS=');
    r.api!.byWorkers = [{ workers: '1', routes: [route('list.publisher', 'list', 250, 80, 120)] }];
    r.api!.serving = { postgres: 3, embedded: 3, 'postgres-workers-1': 1 };
    expect(renderResults(r, null)).toContain(
      '"app" is the server with the product\'s default WORKERS (3 serving processes); the columns WORKERS=n are the same server started with that setting (1 serving process), measured',
    );
    const lines = replayTable(r);
    expect(lines[0]).toContain('| WORKERS=1 req/s | WORKERS=1 p99 | WORKERS=1 ÷ PG alone |');
    expect(lines).toContain(
      '| `list.publisher` | 2 | 1000 | 4.0 ms | 12 ms | 400 | 90 ms | **0.40** | 250 | 120 ms | 0.25 |',
    );
    expect(lines).toContain('| `detail` | 2 | 1500 | 4.0 ms | 12 ms | 900 | 40 ms | **0.60** | – | – | – |');
    expect(replayTable(results())).toEqual([]);
  });
});

describe('issue 29: a revision measured beside this one (--baseline, --rounds)', () => {
  it('takes the median of the rounds on each side, with every round listed', () => {
    const r = results();
    r.api!.baseline = {
      ref: 'main',
      commit: 'ec75938b5a9f2b6057874a143918ee271443be61',
      rounds: 3,
      routes: [
        route('detail', 'detail', 100, 40, 60),
        route('detail', 'detail', 300, 20, 30),
        route('detail', 'detail', 200, 30, 50),
      ],
      after: [
        route('detail', 'detail', 260, 20, 40),
        route('detail', 'detail', 150, 36, 70),
        route('detail', 'detail', 240, 24, 44),
      ],
    };
    const table = baselineTable(r);
    expect(table[2]).toBe(
      '| `detail` | 200 | 15 ms | 30 ms | 50 ms | 240 | 12 ms | 24 ms | 44 ms | 1.20 | 100 → 260; 300 → 150; 200 → 240 |',
    );
    const md = renderResults(r, '');
    expect(md).toContain('### Before and after: `main` (ec75938b5a) against this revision');
    expect(md).toContain('3 rounds');
  });

  it('is left out without a baseline', () => {
    expect(baselineTable(results())).toEqual([]);
  });
});

describe('RESULTS.md', () => {
  it('says when the machine was loaded or the run was quick', () => {
    const quiet = results();
    expect(wasLoaded(quiet)).toBe(false);
    expect(renderResults(quiet, null)).not.toContain('loaded machine');
    const busy = results();
    busy.machine.loadStart = [6, 5, 4];
    busy.quick = true;
    const text = renderResults(busy, null);
    expect(wasLoaded(busy)).toBe(true);
    expect(text).toContain('**Measured on a loaded machine**');
    expect(text).toContain('**Quick run**');
  });

  it('shows every route with its ratios and keeps hand-written findings across runs', () => {
    const first = renderResults(results(), null);
    expect(first).toContain('| list.publisher `list.publisher` | fbr01 | 400 |');
    expect(first).toContain('| 4.0 |');
    const edited = first.replace(
      /<!-- findings:start -->[\s\S]*<!-- findings:end -->/,
      '<!-- findings:start -->\nThe list is slow.\n<!-- findings:end -->',
    );
    const kept = carriedFindings(edited);
    expect(kept).toContain('The list is slow.');
    expect(renderResults(results(), kept)).toContain('The list is slow.');
    expect(carriedFindings(null)).toBeNull();
  });
});

describe('the budgets of issue 17 (the warehouse)', () => {
  const imp = (ms: number, before: number, peak: number, status = 200) => ({
    rows: 100_000,
    fileBytes: 4 << 20,
    ms,
    status,
    answer: '导入成功，共100000条',
    rss: { beforeMb: before, peakMb: peak, afterMb: before + 10 },
  });
  const browse = (key: string, connections: number, p95: number) => ({
    ...route(key, 'warehouse', 50, p95, p95 + 10),
    connections,
  });
  const withWarehouse = () => {
    const r = results();
    r.warehouse.postgres = {
      smallImport: { ...imp(2000, 250, 290), rows: 10_000 },
      import: imp(15_000, 260, 380),
      browse: [
        browse('warehouse.browse.first', 1, 20),
        browse('warehouse.browse.any', 4, 90),
        browse('warehouse.browse.filter', 4, 900),
      ],
      exports: [{ table: 'bench_import', rows: 110_000, ms: 5000, bytes: 4 << 20, status: 200 }],
    };
    return r;
  };
  const byName = (r: RunResults, s: string) => evaluateBudgets(r).find((x) => x.budget.startsWith(s))!;

  it('is not measured without the warehouse part', () => {
    const r = results();
    expect(byName(r, 'Excel import of 100 000 rows ≤ 20 s').met).toBeNull();
    expect(byName(r, 'Flat server memory').met).toBeNull();
    expect(byName(r, 'Paged browse').met).toBeNull();
  });

  it('holds the import to 20 s on PostgreSQL, its memory to idle + 150 MiB, and the browse (not the filter) to 100 ms', () => {
    const r = withWarehouse();
    expect(byName(r, 'Excel import of 100 000 rows ≤ 20 s').met).toBe(true);
    expect(byName(r, 'Excel import of 100 000 rows ≤ 60 s').met).toBeNull();
    expect(byName(r, 'Flat server memory').met).toBe(true);
    expect(byName(r, 'Paged browse').met).toBe(true);
    expect(byName(r, 'Paged browse').measured).toBe('first × 1 20 ms; any × 4 90 ms');
    r.warehouse.postgres!.import = imp(25_000, 260, 500);
    r.warehouse.postgres!.browse[1] = browse('warehouse.browse.any', 4, 140);
    expect(byName(r, 'Excel import of 100 000 rows ≤ 20 s').met).toBe(false);
    expect(byName(r, 'Flat server memory').met).toBe(false);
    expect(byName(r, 'Paged browse').met).toBe(false);
    r.warehouse.postgres!.import = imp(5000, 260, 300, 413);
    expect(byName(r, 'Excel import of 100 000 rows ≤ 20 s').met).toBe(false);
  });

  it('renders its section: imports, browse routes by connections, exports', () => {
    const md = renderResults(withWarehouse(), null);
    expect(md).toContain('## Data warehouse (issue 17)');
    expect(md).toContain(
      '| postgres | 100000 | 4.0 MiB | 15.0 s | 200 导入成功，共100000条 | 260 MiB | 380 MiB | 270 MiB |',
    );
    expect(md).toContain('`warehouse.browse.any` | postgres | 4 |');
    expect(md).toContain('| `bench_import` | postgres | 110000 | 5.0 s | 4.0 MiB | 200 |');
  });
});

describe('the mobile budgets of issue 34', () => {
  it('judges each page on the server itself and, apart, behind the HTTP/2 front', () => {
    const run = (page: string, performance: number, via?: 'http2') => ({
      page,
      preset: 'mobile' as const,
      performance,
      fcpMs: 2000,
      lcpMs: 3000,
      tbtMs: 300,
      cls: 0,
      finalUrl: '',
      ...(via ? { via } : {}),
    });
    const r = results();
    r.frontend = {
      lighthouse: [
        run('/index', 66),
        run('/dashboards', 62),
        run('/index', 81, 'http2'),
        run('/dashboards', 74, 'http2'),
      ],
      pages: [],
      antdGzip: 1,
      antdFile: 'antd.min.js',
      echartsChunks: [],
      servedCompressed: true,
    };
    const b = evaluateBudgets(r);
    const row = (s: string) => b.find((x) => x.budget === s)!;
    expect(row('Lighthouse mobile ≥ 80 on /index (xld01)')).toMatchObject({ measured: '66', met: false });
    expect(row('Lighthouse mobile ≥ 80 on /index (xld01), behind an HTTP/2 front')).toMatchObject({
      measured: '81',
      met: true,
    });
    expect(row('Lighthouse mobile ≥ 80 on /dashboards (xld01), behind an HTTP/2 front').met).toBe(false);
  });

  it('lists no HTTP/2 rows when the front was not measured', () => {
    expect(evaluateBudgets(results()).some((x) => x.budget.includes('HTTP/2'))).toBe(false);
  });
});
