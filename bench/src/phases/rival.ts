import { RIVAL_COLUMNS, RIVAL_INDICATORS } from '@zg/contract';
import ExcelJS from 'exceljs';
import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';
import { postSheet } from './standard';

/**
 * 对标分析 (issue 35): 20 schools' figures over 5 years imported through rivalAnalysis/upload (all 7 indicators, 700
 * figures), 本校 and 10 benchmark schools (the most the picker keeps) chosen as the keeper zgfb01, then the trend
 * (queryTrendAnalysis over the 5 years, 11 series), the year's overview (querySchoolRival) and the double-high groups
 * (queryDoubleSchool) read one request at a time, 3 warm-up, then `repeats` measured.
 */

const X = '/api/herm-xxjk';
export const RIVAL_BENCH = { schools: 20, years: [2021, 2022, 2023, 2024, 2025], rivals: 10 } as const;

export interface RivalFigures {
  import: { rows: number; ms: number; status: number };
  trend: { series: number; years: number; latency: LatencySummary };
  overview: { latency: LatencySummary };
  doubleHigh: { latency: LatencySummary };
}

async function timed(repeats: number, read: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < repeats + 3; i++) {
    const t = performance.now();
    await read();
    if (i >= 3) samples.push(performance.now() - t);
  }
  return summarise(samples);
}

/** The figures' sheet: every school, every year, a value per indicator within its range. */
async function figuresSheet(codes: string[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('院校指标');
  ws.addRow(RIVAL_COLUMNS.map((c) => c.header));
  codes.forEach((code, s) => {
    for (const year of RIVAL_BENCH.years)
      ws.addRow([
        code,
        '',
        year,
        ...RIVAL_INDICATORS.map((ind) => Math.min(ind.max, 50 + ((s * 7 + year) % 40) + ind.code.length)),
        '是',
      ]);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function measureRival(
  keeper: Session,
  opts: { repeats: number; log: (line: string) => void },
): Promise<RivalFigures> {
  const schools = dataOf<{ list: { schoolCode: string }[] }>(
    await keeper.get(`/api/user/school/list?pageNum=1&pageSize=${RIVAL_BENCH.schools}`),
    'school list',
  ).list.map((s) => s.schoolCode);
  if (schools.length < RIVAL_BENCH.schools) throw new Error(`rival bench: ${schools.length} schools in the list`);
  const [own, ...others] = schools;
  dataOf(await keeper.post(`${X}/rivalAnalysis/updateOwnSchool`, { schoolCode: own }), 'own school');
  dataOf(
    await keeper.post('/api/user/school/benchmark/update', { schoolCodes: others.slice(0, RIVAL_BENCH.rivals) }),
    'benchmark schools',
  );
  const sheet = await figuresSheet(schools);
  const t = performance.now();
  const imported = await postSheet(keeper, `${X}/rivalAnalysis/upload`, {}, sheet, 'rival.xlsx');
  const importMs = performance.now() - t;
  opts.log(
    `import ${schools.length * RIVAL_BENCH.years.length} rows: HTTP ${imported.status} in ${Math.round(importMs)} ms`,
  );
  const trendPath = `${X}/rivalAnalysis/queryTrendAnalysis?indicator=jyl&startYear=2021&endYear=2025`;
  const trend = dataOf<{ years: number[]; series: unknown[] }>(await keeper.get(trendPath), 'trend');
  const figures: RivalFigures = {
    import: { rows: schools.length * RIVAL_BENCH.years.length, ms: importMs, status: imported.status },
    trend: {
      series: trend.series.length,
      years: trend.years.length,
      latency: await timed(opts.repeats, () => keeper.get(trendPath)),
    },
    overview: { latency: await timed(opts.repeats, () => keeper.post(`${X}/rivalAnalysis/querySchoolRival`, {})) },
    doubleHigh: { latency: await timed(opts.repeats, () => keeper.get(`${X}/rivalAnalysis/queryDoubleSchool`)) },
  };
  opts.log(`trend p95 ${Math.round(figures.trend.latency.p95)} ms over ${figures.trend.series} series`);
  return figures;
}
