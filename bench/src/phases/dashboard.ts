import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * 仪表盘与运行监控 (issue 34), after phases/diagnosis.ts on the same database (the demo warehouse, the demo diagnosis
 * task): operation monitoring (queryOperationMonitoring, as the quality office zgfb01 opens it every morning) and a
 * dashboard of 8 subscribed charts (dynamicYbpDy/data: all its data in one request through the shared runner), each
 * one request at a time, 3 warm-up, then `repeats` measured.
 */

const SJGL = '/api/herm-sjgl';
export const DASHBOARD_BENCH = { charts: 8 } as const;

export interface DashboardFigures {
  monitoring: { latency: LatencySummary };
  dashboard: { charts: number; ok: number; latency: LatencySummary };
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

/** Eight chart algorithms over the demo warehouse, each a different grouping, so no two runs are the same query. */
const CHARTS: [string, string][] = [
  ['招生趋势', 'select enrol_year::text as 年度, sum(admitted)::int as 录取数 from jx_enrolment group by 1 order by 1'],
  [
    '报到趋势',
    'select enrol_year::text as 年度, sum(registered)::int as 报到数 from jx_enrolment group by 1 order by 1',
  ],
  ['计划趋势', 'select enrol_year::text as 年度, sum(planned)::int as 计划数 from jx_enrolment group by 1 order by 1'],
  ['各专业录取', 'select major_code as 专业, sum(admitted)::int as 录取数 from jx_enrolment group by 1 order by 1'],
  [
    '就业趋势',
    'select graduation_year::text as 年度, count(*)::int as 毕业生数 from jx_employment group by 1 order by 1',
  ],
  ['就业去向', 'select destination as 去向, count(*)::int as 人数 from jx_employment group by 1 order by 1'],
  [
    '各学年课程均分',
    'select academic_year as 学年, round(avg(avg_score), 2) as 平均分 from jx_course_result group by 1 order by 1',
  ],
  [
    '各学年及格率',
    'select academic_year as 学年, round(avg(pass_rate), 2) as 及格率 from jx_course_result group by 1 order by 1',
  ],
];

/** Publishes the 8 charts (as zyadmin), lays them out on the publisher's dashboard, then measures both reads. */
export async function measureDashboard(
  admin: Session,
  publisher: Session,
  opts: { repeats: number; log: (line: string) => void },
): Promise<DashboardFigures> {
  const group = dataOf<{ id: number }>(
    await admin.post(`${SJGL}/algorithmGroup/insert`, { zmc: 'bench 仪表盘' }),
    'algorithm group',
  ).id;
  const type = dataOf<{ id: number }>(
    await admin.post(`${SJGL}/ybplx/insert`, { lxmc: 'bench 图表' }),
    'chart type',
  ).id;
  const published: number[] = [];
  for (const [name, sql] of CHARTS.slice(0, DASHBOARD_BENCH.charts)) {
    const alg = dataOf<{ id: number }>(
      await admin.post(`${SJGL}/algorithmContent/insert`, { sfzid: group, sfmc: `bench ${name}`, sflx: 'chart', sql }),
      `chart algorithm ${name}`,
    ).id;
    const chart = dataOf<{ id: number }>(
      await admin.post(`${SJGL}/ybp/insert`, { mc: `bench ${name}`, lxid: type, sfid: alg, lw: 1 }),
      `publish ${name}`,
    ).id;
    published.push(chart);
  }
  dataOf(
    await publisher.post('/api/herm-sjfw/dynamicYbpDy/updateList', {
      cards: published.map((ybpid, i) => ({ kind: 'chart', ybpid, x: (i % 3) * 8, y: Math.floor(i / 3) * 7 })),
    }),
    'dashboard layout',
  );
  let ok = 0;
  const dashboard = await timed(opts.repeats, async () => {
    const r = dataOf<{ list: { status: string }[] }>(
      await publisher.post('/api/herm-sjfw/dynamicYbpDy/data', {}),
      'dashboard data',
    );
    ok = r.list.filter((c) => c.status === 'ok').length;
    return r.list.length;
  });
  opts.log(`dashboard of ${dashboard.size} charts (${ok} ok): p95 ${dashboard.latency.p95.toFixed(1)} ms`);
  const monitoring = await timed(opts.repeats, async () => {
    dataOf(await publisher.get('/api/herm-xxjk/queryOperationMonitoring'), 'operation monitoring');
    return 1;
  });
  opts.log(`operation monitoring: p95 ${monitoring.latency.p95.toFixed(1)} ms`);
  return {
    monitoring: { latency: monitoring.latency },
    dashboard: { charts: dashboard.size, ok, latency: dashboard.latency },
  };
}
