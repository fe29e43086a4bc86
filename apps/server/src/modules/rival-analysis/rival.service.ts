import {
  DOUBLE_HIGH_GRADES,
  DOUBLE_HIGH_OFFICIAL,
  type DoubleSchool,
  RIVAL_MSG as M,
  RIVAL_INDICATORS,
  type RivalAvg,
  type RivalOverview,
  type RivalRank,
  type RivalSchool,
  type RivalTrend,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { benchmarkSchoolsOf, schoolsByCodes } from '../reference';
import { doubleGroups, figuresOf, figureYears, findOwnSchool, saveOwnSchool, unitYears } from './rival.repository';
import { rankRows, round2, summarize, trendYears } from './rival.rules';
import { keepsRivals } from './rival-analysis.policy';

/** 对标分析: the school (本校) against its benchmark schools (reference's list for the user) and the double-high groups. */

type Figure = Awaited<ReturnType<typeof figuresOf>>[number];

/** 本校 first, then the user's benchmark schools (at most 10, in their order), without 本校 twice. */
async function comparedSchools(db: Db, actor: Actor) {
  const [own, benchmarks] = await Promise.all([findOwnSchool(db), benchmarkSchoolsOf(db, actor.userId)]);
  const rivals: RivalSchool[] = benchmarks
    .filter((b) => b.schoolCode !== own?.schoolCode)
    .map((b) => ({ schoolCode: b.schoolCode, schoolName: b.schoolName, own: false }));
  const ownSchool: RivalSchool | null = own ? { ...own, own: true } : null;
  return { ownSchool, rivals, all: ownSchool ? [ownSchool, ...rivals] : rivals };
}

const latest = (years: readonly number[]) => (years.length ? years[years.length - 1]! : null);

function valuesOf(figures: readonly Figure[], code: string) {
  const values: Record<string, number | null> = Object.fromEntries(RIVAL_INDICATORS.map((i) => [i.code, null]));
  let sample = false;
  for (const f of figures)
    if (f.schoolCode === code) {
      values[f.indicator] = f.value;
      sample ||= f.sample;
    }
  return { values, sample };
}

/** The figures of these schools in one year (none when no year has figures), of one indicator or all. */
const yearFigures = (db: Db, codes: readonly string[], year: number | null, indicator?: string) =>
  year === null ? Promise.resolve([]) : figuresOf(db, codes, { from: year, to: year }, indicator);

/** querySchoolRival: a year's figures of 本校 and the rivals, or of the schools asked for (two side by side). */
export async function rivalOverview(
  db: Db,
  actor: Actor,
  q: { year?: number; schoolCodes?: string[] },
): Promise<RivalOverview> {
  const [ctx, years] = await Promise.all([comparedSchools(db, actor), figureYears(db)]);
  let schools = ctx.all;
  if (q.schoolCodes?.length) {
    const codes = [...new Set(q.schoolCodes)];
    const found = await schoolsByCodes(db, codes);
    if (found.length !== codes.length) throw badRequest(M.unknownSchool);
    const byCode = new Map(found.map((s) => [s.schoolCode, s]));
    schools = codes.map((c) => ({ ...byCode.get(c)!, own: c === ctx.ownSchool?.schoolCode }));
  }
  const year = q.year ?? latest(years);
  const figures = await yearFigures(
    db,
    schools.map((s) => s.schoolCode),
    year,
  );
  return {
    ownSchool: ctx.ownSchool,
    rivals: ctx.rivals,
    years,
    year,
    rows: schools.map((s) => ({ ...s, ...valuesOf(figures, s.schoolCode) })),
    canKeep: keepsRivals(actor),
  };
}

/** queryTrendAnalysis: one indicator of 本校 and the rivals over the years (the last five with figures by default). */
export async function rivalTrend(
  db: Db,
  actor: Actor,
  q: { indicator: string; startYear?: number; endYear?: number },
): Promise<RivalTrend> {
  const [ctx, available] = await Promise.all([comparedSchools(db, actor), figureYears(db)]);
  const years = trendYears(available, q.startYear, q.endYear);
  if (years === null) throw badRequest(M.trendRange);
  const figures = years.length
    ? await figuresOf(
        db,
        ctx.all.map((s) => s.schoolCode),
        { from: years[0]!, to: years[years.length - 1]! },
        q.indicator,
      )
    : [];
  const at = new Map(figures.map((f) => [`${f.schoolCode}|${f.year}`, f.value]));
  return {
    indicator: q.indicator,
    years,
    series: ctx.all.map((s) => ({ ...s, values: years.map((y) => at.get(`${s.schoolCode}|${y}`) ?? null) })),
  };
}

/** queryRankAnalysis: 本校 and the rivals ranked on one indicator in a year (the better first). */
export async function rivalRank(db: Db, actor: Actor, q: { indicator: string; year?: number }): Promise<RivalRank> {
  const [ctx, years] = await Promise.all([comparedSchools(db, actor), figureYears(db)]);
  const year = q.year ?? latest(years);
  const figures = await yearFigures(
    db,
    ctx.all.map((s) => s.schoolCode),
    year,
    q.indicator,
  );
  const value = new Map(figures.map((f) => [f.schoolCode, f.value]));
  const higher = RIVAL_INDICATORS.find((i) => i.code === q.indicator)?.higher ?? true;
  return {
    indicator: q.indicator,
    year,
    list: rankRows(
      ctx.all.map((s) => ({ ...s, value: value.get(s.schoolCode) ?? null })),
      higher,
    ),
  };
}

/** queryAVGAnalysis: per indicator, 本校's figure against the rivals' average, highest and lowest. */
export async function rivalAverage(db: Db, actor: Actor, q: { year?: number }): Promise<RivalAvg> {
  const [ctx, years] = await Promise.all([comparedSchools(db, actor), figureYears(db)]);
  const year = q.year ?? latest(years);
  const figures = await yearFigures(
    db,
    ctx.all.map((s) => s.schoolCode),
    year,
  );
  const own = ctx.ownSchool ? valuesOf(figures, ctx.ownSchool.schoolCode).values : null;
  const rivalCodes = new Set(ctx.rivals.map((r) => r.schoolCode));
  const rivalFigures = figures.filter((f) => rivalCodes.has(f.schoolCode));
  return {
    year,
    count: new Set(rivalFigures.map((f) => f.schoolCode)).size,
    list: RIVAL_INDICATORS.map((ind) => ({
      indicator: ind.code,
      own: own?.[ind.code] ?? null,
      ...summarize(rivalFigures.filter((f) => f.indicator === ind.code).map((f) => f.value)),
    })),
  };
}

/** queryDoubleSchool: 本校 against the double-high units' averages, by category and grade and as a whole. */
export async function doubleComparison(db: Db, q: { year?: number; batch?: number }): Promise<DoubleSchool> {
  const [own, years, rounds] = await Promise.all([findOwnSchool(db), figureYears(db), unitYears(db)]);
  const batch = q.batch ?? latest(rounds.map((r) => r.year)) ?? DOUBLE_HIGH_OFFICIAL.year;
  const year = q.year ?? latest(years);
  const ownSchool = own ? { ...own, own: true } : null;
  if (year === null) return { year, batch, ownSchool, sample: false, groups: [], list: [] };
  const [{ units, averages }, ownFigures] = await Promise.all([
    doubleGroups(db, batch, year),
    own ? figuresOf(db, [own.schoolCode], { from: year, to: year }) : Promise.resolve([]),
  ]);
  const keyOf = (kind: string | null, grade: string | null) => (kind ? `${kind}-${grade}` : 'all');
  const groups: DoubleSchool['groups'] = [];
  for (const kind of ['school', 'major'] as const)
    for (const grade of DOUBLE_HIGH_GRADES) {
      const u = units.find((x) => x.kind === kind && x.grade === grade);
      if (u) groups.push({ key: keyOf(kind, grade), kind, grade, units: u.units, withFigures: u.withFigures });
    }
  groups.push({
    key: 'all',
    kind: 'all',
    grade: null,
    units: units.reduce((a, u) => a + u.units, 0),
    withFigures: units.reduce((a, u) => a + u.withFigures, 0),
  });
  const ownValues = own ? valuesOf(ownFigures, own.schoolCode).values : null;
  return {
    year,
    batch,
    ownSchool,
    sample: ownFigures.some((f) => f.sample) || averages.some((a) => a.sample),
    groups,
    list: RIVAL_INDICATORS.map((ind) => ({
      indicator: ind.code,
      own: ownValues?.[ind.code] ?? null,
      averages: Object.fromEntries(
        groups.map((g) => {
          const a = averages.find((x) => x.indicator === ind.code && keyOf(x.kind, x.grade) === g.key);
          return [g.key, a ? round2(Number(a.avg)) : null];
        }),
      ),
    })),
  };
}

/** updateOwnSchool: 本校 is one of the schools of the school list. */
export async function setOwnSchool(db: Db, actor: Actor, schoolCode: string): Promise<RivalSchool> {
  const [school] = await schoolsByCodes(db, [schoolCode]);
  if (!school) throw badRequest(M.unknownSchool);
  await db.transaction(async (tx) => {
    await saveOwnSchool(tx, { ...school, updatedBy: actor.userId });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'rival.ownSchool',
      entityType: 'rivalSettings',
      detail: school,
    });
  });
  return { ...school, own: true };
}
